"""The test of scripts/typecheck-ios: plants drifts between ShareKit and the app in a scratch
copy of the tree and expects the check to fail with each one's own error, in the file the app
would fail to build. A drift whose text is no longer in the tree fails this test too: then pick
another line to plant it in.

    python3 Apps/iOS/LinuxSDK/drift_test.py REPO SCRATCH
"""
import re
import shutil
import subprocess
import sys
from pathlib import Path

# (what drifts, file it is planted in, text there, planted text, file that must fail, error there)
DRIFTS = [
    ("a missing enum case", "Sources/ShareKit/App/PendingShareRow.swift",
     "        case refused(String?)\n", "        case refused(String?)\n        case paused\n",
     "Apps/iOS/DigitalWall/PendingSharesView.swift", r"switch must be exhaustive"),
    ("a renamed member", "Sources/ShareKit/App/WallFeed.swift",
     "public func loadMore() async {", "public func loadNext() async {",
     "Apps/iOS/DigitalWall/WallView.swift", r"has no member 'loadMore'"),
    ("a dropped label", "Sources/ShareKit/Background/Delivery+Settle.swift",
     "        shareID: UUID, response:", "        _ shareID: UUID, response:",
     "Apps/iOS/DigitalWall/AppDelegate.swift", r"extraneous argument label 'shareID:'"),
    ("a renamed nested case", "Sources/ShareKit/Compose/ComposePresentation.swift",
     "willSync", "syncLater",
     "Apps/iOS/ShareExtension/OutcomeView.swift", r"has no member 'willSync'"),
    ("a wrong argument type", "Sources/ShareKit/App/SharedContainer.swift",
     "func extensionUploadSession(launch: UUID) -> String { extensionUploadSessionPrefix + launch.uuidString.lowercased() }",
     "func extensionUploadSession(launch: String) -> String { extensionUploadSessionPrefix + launch.lowercased() }",
     "Apps/iOS/ShareExtension/ShareViewController.swift", r"cannot convert value of type 'UUID' to expected argument type 'String'"),
    ("a data race (Swift 6 mode)", "Apps/iOS/ShareExtension/PreviewSection.swift",
     "UIImage(cgImage: $0, scale: scale,", "UIImage(cgImage: $0, scale: self.scale,",
     "Apps/iOS/ShareExtension/PreviewSection.swift", r"main actor-isolated property 'scale' can not be referenced"),
]
# ShareKit's public API changed (the renamed member): the tripwire names it.
API_CHANGE = r"func WallFeed\.loadMore\(\) has been removed"


def main(repo: Path, scratch: Path) -> int:
    for part in ("Apps/iOS", "Sources/ShareKit", "Sources/WallCore"):
        shutil.copytree(repo / part, scratch / part)
    for name, path, old, new, _, _ in DRIFTS:
        file = scratch / path
        text = file.read_text()
        if old not in text:
            sys.exit(f"drift test: cannot plant {name}: {path} no longer contains {old!r}")
        file.write_text(text.replace(old, new))
    run = subprocess.run([repo / "scripts/typecheck-ios", "--check", scratch], capture_output=True, text=True)
    output = run.stdout + run.stderr
    problems = [] if run.returncode != 0 else ["the check passed with every drift planted"]
    for name, _, _, _, failing, error in DRIFTS:
        where = re.escape(str(scratch / failing)) + r":\d+:\d+: error: [^\n]*" + error
        if re.search(where, output):
            print(f"    found {name} ({failing})")
        else:
            problems.append(f"{name}: no error matching {error!r} in {failing}")
    if re.search(API_CHANGE, output):
        print("    found the change to ShareKit's public API")
    else:
        problems.append("the API tripwire did not name the removed WallFeed.loadMore()")
    if problems:
        print(output, file=sys.stderr)
        sys.exit("drift test failed:\n  " + "\n  ".join(problems))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
