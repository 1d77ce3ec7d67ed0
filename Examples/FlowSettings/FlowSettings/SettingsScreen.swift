import SwiftUI

/// The settings screen of the README: a row without `contentShape` (only its
/// glyphs respond: the gap in its middle is a dead zone), the same row with
/// it, a toggle, and a Save button with an overlay badge that lets taps through.
struct SettingsScreen: View {
    @State private var alerts = true
    @State private var lastAction = "none"

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 0) {
                Text("Settings")
                    .font(.largeTitle.bold())
                    .padding(.horizontal, 16)
                    .padding(.vertical, 8)

                // The trap: no contentShape, so a tap between the label and the chevron does nothing.
                HStack {
                    Label("Flow Meter", systemImage: "drop")
                    Spacer()
                    Image(systemName: "chevron.right")
                }
                .padding(.horizontal, 16)
                .frame(height: 44)
                .onTapGesture { run("openFlowMeter") }
                .accessibilityIdentifier("row.flowMeter")

                Divider().padding(.leading, 56)

                // The fix: contentShape before the gesture, so the whole row responds.
                HStack {
                    Label("Units", systemImage: "ruler")
                    Spacer()
                    Text("Metric").foregroundStyle(.secondary)
                    Image(systemName: "chevron.right")
                }
                .padding(.horizontal, 16)
                .frame(height: 44)
                .contentShape(Rectangle())
                .onTapGesture { run("openUnits") }
                .accessibilityIdentifier("row.units")

                Divider().padding(.leading, 16)

                Toggle("Alerts", isOn: $alerts)
                    .padding(.horizontal, 16)
                    .frame(height: 44)
                    .accessibilityIdentifier("row.alerts.toggle")
                    .onChange(of: alerts) { run("toggleAlerts") }

                Text("Last action: \(lastAction)")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .padding(16)
                    .accessibilityIdentifier("status")
            }
        }
        .safeAreaInset(edge: .bottom) {
            Button { run("save") } label: {
                Text("Save").frame(maxWidth: .infinity, minHeight: 34)
            }
            .buttonStyle(.borderedProminent)
            .accessibilityIdentifier("save")
            // Drawn over the button's corner; allowsHitTesting(false) lets its taps reach Save.
            .overlay(alignment: .topTrailing) {
                Text("1")
                    .font(.caption2.bold())
                    .foregroundStyle(.white)
                    .frame(width: 22, height: 22)
                    .background(Circle().fill(.red))
                    .offset(x: 6, y: -8)
                    .allowsHitTesting(false)
                    .accessibilityIdentifier("save.badge")
                    .accessibilityLabel("1 unsaved change")
            }
            .padding(16)
        }
        .tapReplay(screen: "Settings") { lastAction = "captured" }
    }

    /// What every handler does: say so on screen, and tell the capture kit it ran.
    @MainActor private func run(_ action: String) {
        lastAction = action
        tapReplayFired(action)
    }
}

/// The Form of the README's "Real screens" (Traces/snapshots/Preferences.json): a NavigationLink row and a
/// default-style Button row, whose whole cells respond; a switch Toggle, whose label does not flip it; and a
/// plain-style Button row, which responds only on its label unless its content has a shape (the fix is here;
/// Traces/builds/Preferences.plain-gap.json is the same screen without it). Launch with `-preferences`.
struct PreferencesScreen: View {
    @State private var alerts = true
    @State private var lastAction = "none"

    var body: some View {
        NavigationStack {
            Form {
                Section("General") {
                    NavigationLink {
                        Text("Appearance")
                    } label: {
                        Label("Appearance", systemImage: "paintbrush")
                    }
                    .accessibilityIdentifier("appearance")
                    Button("Sync Now") { run("syncNow") }
                        .accessibilityIdentifier("sync")
                    Toggle("Alerts", isOn: $alerts)
                        .accessibilityIdentifier("alerts")
                        .onChange(of: alerts) { run("toggleAlerts") }
                }
                Section("Device") {
                    // A plain-style row: without the contentShape only the label and the chevron respond.
                    Button { run("openFlowMeter") } label: {
                        HStack {
                            Label("Flow Meter", systemImage: "gauge")
                            Spacer()
                            Image(systemName: "chevron.right")
                        }
                        .contentShape(Rectangle())
                    }
                    .buttonStyle(.plain)
                    .accessibilityIdentifier("flowMeter")
                    LabeledContent("Version", value: "3.2.0")
                }
                Text("Last action: \(lastAction)")
                    .font(.footnote)
                    .accessibilityIdentifier("status")
            }
            .navigationTitle("Preferences")
        }
        .tapReplay(screen: "Preferences") { lastAction = "captured" }
    }

    @MainActor private func run(_ action: String) {
        lastAction = action
        tapReplayFired(action)
    }
}
