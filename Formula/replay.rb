# Homebrew formula for the `replay` command, built from source with the Swift of
# Xcode. In this repository's tap:
#
#   brew tap tapreplay/tapreplay https://github.com/tapreplay/TapReplay
#   brew install replay            # the latest release (the release workflow points `url` at each tag)
#   brew install --HEAD replay     # the main branch
class Replay < Formula
  desc "Catch dead zones and unresponsive taps in iOS apps by replaying recorded touches"
  homepage "https://github.com/tapreplay/TapReplay"
  head "https://github.com/tapreplay/TapReplay.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on :macos
  uses_from_macos "sqlite"

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "replay"
    bin.install ".build/release/replay"
  end

  test do
    (testpath/"Row.json").write <<~JSON
      {"format":"tapreplay-snapshot","version":1,"screen":"Row","device":{"width":393,"height":852},
       "root":{"id":"row","type":"HStack","frame":[0,100,393,44],
               "modifiers":[{"onTapGesture":{"action":"open"}}],
               "children":[{"id":"label","type":"Text","frame":[16,112,80,20]}]}}
    JSON
    assert_match "label", shell_output("#{bin}/replay hit #{testpath}/Row.json 20 120")
    # The Spacer gap of a hollow row fires nothing: --fail-on makes that an exit status.
    shell_output("#{bin}/replay hit #{testpath}/Row.json 300 120 --fail-on unfired", 1)
  end
end
