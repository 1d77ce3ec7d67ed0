#!/usr/bin/env python3
"""Checks what the example app wrote during its UI test (.github/workflows/capture-kit.yml).

    check-output.py CAPTURES TRACES   the capture bundles and traces the kit promises (docs/capture.md)
    check-output.py --audit AUDIT     `replay audit --json` of the converted capture finds the hollow row

Prints what it found; exits 1 naming the first broken promise.
"""
import glob
import json
import os
import sys


def fail(message):
    print(f"::error::{message}")
    sys.exit(1)


def notice(message):
    print(f"::notice::{message}")


def views(view):
    yield view
    for sub in view.get("subviews", []):
        yield from views(sub)


def check_captures(folder):
    paths = sorted(glob.glob(os.path.join(folder, "*.capture.json")))
    if not paths:
        fail(f"no capture bundle in {folder}/")
    for path in paths:
        text = open(path, encoding="utf-8").read()
        bundle = json.loads(text)
        if bundle.get("format") != "tapreplay-capture":
            fail(f"{path}: format is {bundle.get('format')!r}")
        sdk = bundle.get("app", {}).get("sdk", "")
        os_name = bundle.get("device", {}).get("os", "")
        if not sdk.startswith("iOS ") or not os_name.startswith("iOS "):
            fail(f"{path}: app.sdk {sdk!r} and device.os {os_name!r} must both be 'iOS <version>'")
        all_views = [v for w in bundle.get("windows", []) for v in views(w)]
        if not any("swiftUI" in v for v in all_views):
            fail(f"{path}: no hosting view carries SwiftUI's debug data (was SWIFTUI_VIEW_DEBUG set at launch?)")
        if any("accessibilityLabel" in v for v in all_views):
            fail(f"{path}: an accessibility label was written without captureText")
        for shown in ["Flow Meter", "Metric", "Last action"]:
            if shown in text:
                fail(f"{path}: the text {shown!r} was written without captureText")
        if "row.flowMeter" not in text:
            notice(f"{path}: SwiftUI's debug data shows no accessibility identifier strings; ids come from view types")
        print(f"{path}: screen {bundle.get('screen')}, {len(all_views)} views, app.sdk {sdk}, device.os {os_name}")


def check_traces(folder):
    paths = sorted(glob.glob(os.path.join(folder, "*.jsonl")))
    if not paths:
        fail(f"no trace in {folder}/")
    fired = []
    for path in paths:
        lines = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
        header, events = lines[0], lines[1:]
        if header.get("format") != "tapreplay-trace" or header.get("source") != "uitest":
            fail(f"{path}: header {header}")
        if not header.get("device", {}).get("os", "").startswith("iOS ") or not header.get("app", {}).get("sdk", "").startswith("iOS "):
            fail(f"{path}: the header lacks device.os or app.sdk: {header}")
        times = [e["t"] for e in events]
        if times != sorted(times):
            fail(f"{path}: times go backwards")
        began = [e for e in events if e.get("phase") == "began"]
        if began and not all(e.get("radius", -1) >= 0 for e in began):
            fail(f"{path}: a began event has no radius (UITouch.majorRadius)")
        fired += [(header["screen"], e["fired"]) for e in events if "fired" in e]
        print(f"{path}: screen {header['screen']}, {len(began)} touches, fired {[e['fired'] for e in events if 'fired' in e]}")
    actions = [a for _, a in fired]
    for expected in ["openUnits", "save"]:
        if expected not in actions:
            fail(f"the UI test saw {expected} run, but no trace has a fired event for it")
    if "openFlowMeter" in actions:
        notice("a tap in the middle of the Flow Meter row fired openFlowMeter on this simulator: the model says it is a dead zone")
    else:
        notice("a tap in the middle of the Flow Meter row fired nothing on this simulator, as the model predicts")


def check_audit(path):
    report = json.load(open(path, encoding="utf-8"))
    reports = report if isinstance(report, list) else [report]
    findings = [f for r in reports for f in r.get("findings", [])]
    for f in findings:
        print(f"{f['rule']} {f['severity']} {f['node']}: {f['message']}")
    hollow = [f for f in findings if f["rule"] == "A1"]
    if not hollow:
        fail("audit did not find the hollow Flow Meter row (A1)")
    nodes = {f["node"] for f in hollow}
    if any(n.startswith("row.") for n in nodes):
        if "row.flowMeter" not in nodes:
            fail(f"A1 is not on row.flowMeter: {sorted(nodes)}")
        if "row.units" in nodes:
            fail("A1 on row.units, whose contentShape comes before its gesture")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--audit":
        check_audit(sys.argv[2])
    elif len(sys.argv) == 3:
        check_captures(sys.argv[1])
        check_traces(sys.argv[2])
    else:
        print(__doc__)
        sys.exit(2)
