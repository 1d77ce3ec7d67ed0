#!/usr/bin/env python3
"""Measures replay lint's precision and recall on the corpus of real SwiftUI
files listed in manifest.tsv (repository, commit, path), against the judgments
in findings.tsv (every finding, read and judged) and traps.tsv (every hollow
tap target in L1's scope, found by reading every tap gesture and Button label
of the corpus files).

The files are not in this repository: the script takes them from git
repositories you have (a folder of bare or working clones named OWNER+NAME or
OWNER/NAME, as `git -C DIR show COMMIT:PATH` reads them), copies each into a
scratch folder as OWNER+NAME/PATH, lints each repository's files in one run
(so views declared in one file resolve in another), and compares.

    python3 Benchmarks/LintCorpus/measure.py --replay .build/release/replay --repos /path/to/clones

Prints precision, recall, the findings no judgment covers (read and judge
them: add them to findings.tsv), and the traps not reported.
"""
import argparse, csv, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

def table(name, corpus='.'):
    with open(os.path.join(HERE, corpus, name), newline='') as f:
        return list(csv.DictReader((l for l in f if not l.startswith('#')), delimiter='\t'))

def git_dir(repos, repo):
    # OWNER/NAME@COMMIT names one snapshot of a repository measured at several commits (the Expo corpus).
    owner, name = repo.split('@', 1)[0].split('/', 1)
    for candidate in (f'{owner}+{name}/repo', f'{owner}+{name}', f'{owner}/{name}', name):
        path = os.path.join(repos, candidate)
        if os.path.isdir(path):
            return path
    return None

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--replay', default='.build/release/replay')
    ap.add_argument('--repos', required=True, help='folder holding the repositories (OWNER+NAME or OWNER/NAME)')
    ap.add_argument('--keep', help='copy the corpus here instead of a temporary folder')
    ap.add_argument('--print-findings', action='store_true', help='print every finding with its judgment')
    ap.add_argument('--corpus', default='.', help='the folder beside this script with manifest.tsv, findings.tsv, traps.tsv (heldout: the corpus not tuned on; expo: TSX of @expo/ui/swift-ui)')
    args = ap.parse_args()

    manifest = table('manifest.tsv', args.corpus)
    judged = {(r['repo'], r['path'], int(r['line']), r['rule']): r for r in table('findings.tsv', args.corpus)}
    traps = {(r['repo'], r['path'], int(r['line'])): r for r in table('traps.tsv', args.corpus)}
    root = args.keep or tempfile.mkdtemp(prefix='lint-corpus-')
    missing_repos = set()
    by_repo = {}
    for row in manifest:
        repo, commit, path = row['repo'], row['commit'], row['path']
        g = git_dir(args.repos, repo)
        if g is None:
            missing_repos.add(repo)
            continue
        blob = subprocess.run(['git', '-C', g, 'show', f'{commit}:{path}'], capture_output=True)
        if blob.returncode != 0:
            missing_repos.add(repo)
            continue
        dest = os.path.join(root, repo.replace('/', '+'), path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, 'wb') as f:
            f.write(blob.stdout)
        by_repo.setdefault(repo, []).append(path)

    findings = []
    for repo in sorted(by_repo):
        folder = os.path.join(root, repo.replace('/', '+'))
        out = subprocess.run([args.replay, 'lint', '--json', '.'], cwd=folder, capture_output=True, text=True)
        if out.returncode not in (0, 1):
            sys.exit(f'replay lint failed on {repo}: {out.stderr}')
        for f in json.loads(out.stdout)['findings']:
            path = f['file'][2:] if f['file'].startswith('./') else f['file']
            findings.append((repo, path, f['line'], f['rule'], f['message']))

    files = sum(len(v) for v in by_repo.values())
    true_pos = [f for f in findings if judged.get(f[:4], {}).get('verdict') == 'true']
    false_pos = [f for f in findings if judged.get(f[:4], {}).get('verdict') == 'false']
    unjudged = [f for f in findings if f[:4] not in judged]
    reported_l1 = {f[:3] for f in findings if f[3] in ('L1', 'L8')}
    in_corpus = {k: v for k, v in traps.items() if k[0] in by_repo}
    found = [k for k in in_corpus if k in reported_l1]
    missed = [k for k in in_corpus if k not in reported_l1]

    print(f'corpus: {files} files from {len(by_repo)} repositories' + (f' ({len(missing_repos)} repositories not found: {", ".join(sorted(missing_repos))})' if missing_repos else ''))
    print(f'findings: {len(findings)} ({len(true_pos)} true, {len(false_pos)} false, {len(unjudged)} not judged)')
    judged_count = len(true_pos) + len(false_pos)
    if judged_count:
        print(f'precision: {len(true_pos)}/{judged_count} = {100 * len(true_pos) / judged_count:.1f} %')
    if in_corpus:
        print(f'recall (L1 and L8, hollow tap targets): {len(found)}/{len(in_corpus)} = {100 * len(found) / len(in_corpus):.1f} %')
        kinds = sorted({v.get('kind') or '' for v in in_corpus.values()} - {''})
        for kind in kinds:
            of_kind = [k for k in in_corpus if in_corpus[k].get('kind') == kind]
            print(f'  {kind}: {len([k for k in of_kind if k in reported_l1])}/{len(of_kind)}')
    if args.print_findings:
        for f in findings:
            j = judged.get(f[:4])
            print(f"  {j['verdict'] if j else 'UNJUDGED':8} {f[0]} {f[1]}:{f[2]} {f[3]}  {j['note'] if j else f[4][:120]}")
    for f in unjudged:
        print(f'not judged: {f[0]}\t{f[1]}\t{f[2]}\t{f[3]}\t{f[4][:160]}')
    for f in false_pos:
        print(f'false: {f[0]} {f[1]}:{f[2]} {f[3]}: {judged[f[:4]]["note"]}')
    for k in missed:
        print(f'missed: {k[0]} {k[1]}:{k[2]}: {in_corpus[k]["note"]}')
    stale = [k for k, v in judged.items() if v['verdict'] == 'true' and k[0] in by_repo and k not in {f[:4] for f in findings}]
    for k in stale:
        print(f'no longer reported (judged true): {k[0]} {k[1]}:{k[2]} {k[3]}')

if __name__ == '__main__':
    main()
