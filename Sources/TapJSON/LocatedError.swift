/// An input that could not be used, and where in it: the file (when the error
/// knows it), the 1-based line and the JSON path. Every reader's error conforms,
/// so the command line catches one protocol and prints `file:line: path: message`.
public protocol LocatedError: Error, CustomStringConvertible, Sendable {
    /// The file the error is about, when it knows it (else the caller names it).
    var file: String? { get }
    var line: Int? { get }
    /// A JSON path (`root.children[2].frame`); empty when there is none.
    var path: String { get }
    var message: String { get }
}

extension LocatedError {
    public var file: String? { nil }
    public var line: Int? { nil }
    public var path: String { "" }

    /// `file:line: path: message`, or `line N: path: message` when the file is not known.
    public var description: String { located(in: file) }

    /// `file:line: path: message`, the form the command line prints.
    public func located(in file: String?) -> String {
        var s = ""
        if let file {
            s += file
            if let line { s += ":\(line)" }
            s += ": "
        } else if let line {
            s += "line \(line): "
        }
        if !path.isEmpty { s += "\(path): " }
        return s + message
    }
}
