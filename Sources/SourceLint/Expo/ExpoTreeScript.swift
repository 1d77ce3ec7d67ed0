/// The Node script that reads TSX with TypeScript's own compiler API and prints
/// the `@expo/ui/swift-ui` view trees as JSON: each component's returned views
/// (element names as exported, props, children, source offsets in UTF-16 code
/// units) and each `modifiers` prop as its variants, the lists of modifier calls
/// it may hold (array literal, `push`/`unshift`, spread, `concat`, conditional
/// branches, `if` statements around a `push`). `ExpoTree` runs it; docs/lint.md
/// ("Expo") says what it reads.
enum ExpoTreeScript {
    static let source = #"""
// Prints the @expo/ui/swift-ui view trees of TSX files as JSON (docs/lint.md, "Expo").
// stdin: {"typescript": "/path/to/typescript.js", "files": ["a.tsx", ...]}
// stdout: {"typescript": version, "files": [{"file", "components": [...], "imports": {...}} | {"file", "error"}]}
'use strict';
const fs = require('fs');
const input = JSON.parse(fs.readFileSync(0, 'utf8'));
const ts = require(input.typescript);
const UI = '@expo/ui/swift-ui', MODS = '@expo/ui/swift-ui/modifiers';
const MAX_VARIANTS = 16;

function tree(file) {
  let text = fs.readFileSync(file, 'utf8');
  if (text.charCodeAt(0) === 0xFEFF) text = text.slice(1);   // offsets count from after a byte-order mark, as replay lint reads the text
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.jsx') ? ts.ScriptKind.JSX
    : file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const views = new Map(), mods = new Map();   // local name -> exported name
  let modsImport = null, lastImportEnd = 0;
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st)) continue;
    lastImportEnd = st.end;
    const from = st.moduleSpecifier.text;
    const names = st.importClause && st.importClause.namedBindings;
    if (!names || !ts.isNamedImports(names) || st.importClause.isTypeOnly) continue;
    const into = from === UI ? views : from === MODS ? mods : null;
    if (!into) continue;
    for (const s of names.elements) into.set(s.name.text, (s.propertyName || s.name).text);
    if (from === MODS && names.elements.length > 0) modsImport = { after: names.elements[names.elements.length - 1].end };
  }
  if (views.size === 0) return { file, expo: false };

  const pos = (n) => n.getStart(sf);
  const declarations = new Map();   // identifier name -> declarations in the file (scopes checked by position)
  (function collect(n) {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) {
      const list = declarations.get(n.name.text) || [];
      list.push(n);
      declarations.set(n.name.text, list);
    }
    ts.forEachChild(n, collect);
  })(sf);

  // The declaration of `id` visible at `id`: the nearest enclosing block's.
  function declarationOf(id) {
    const list = declarations.get(id.text);
    if (!list) return null;
    let best = null;
    for (const d of list) {
      const scope = d.parent.parent.parent;   // VariableDeclarationList -> VariableStatement -> Block/SourceFile
      if (scope && scope.pos <= id.pos && id.end <= scope.end && d.end <= id.pos) {
        if (!best || best.parent.parent.parent.pos < scope.pos) best = d;
      }
    }
    return best;
  }

  function value(e) {
    if (!e) return { t: '?' };
    while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return { t: 'str', v: e.text };
    if (ts.isNumericLiteral(e)) return { t: 'num', v: Number(e.text) };
    if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(e.operand)) return { t: 'num', v: -Number(e.operand.text) };
    if (e.kind === ts.SyntaxKind.TrueKeyword) return { t: 'bool', v: true };
    if (e.kind === ts.SyntaxKind.FalseKeyword) return { t: 'bool', v: false };
    if (ts.isIdentifier(e) && e.text === 'Infinity') return { t: 'num', v: 'inf' };
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return { t: 'fn' };
    if (ts.isObjectLiteralExpression(e)) {
      const props = {};
      for (const p of e.properties) if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) props[p.name.text] = value(p.initializer);
      return { t: 'obj', props };
    }
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && ts.isIdentifier(e.expression.expression)
        && mods.get(e.expression.expression.text) === 'shapes') {
      return { t: 'shape', name: e.expression.name.text, args: e.arguments.map(value) };
    }
    if (ts.isJsxElement(e) || ts.isJsxSelfClosingElement(e) || ts.isJsxFragment(e)) return { t: 'view', nodes: nodes(e) };
    return { t: '?' };
  }

  // One modifier of an array: a call of an imported modifier, or something unknown.
  // `list` is the array literal or push call holding it (the fix edits only there).
  function item(e, list) {
    const at = { pos: pos(e), end: e.end };
    if (list) {
      const i = list.indexOf(e);
      at.cut = i + 1 < list.length ? [pos(e), pos(list[i + 1])] : i > 0 ? [list[i - 1].end, e.end] : [pos(e), e.end];
      // The only argument of `x.push(…)`, a statement of its own line: the line goes.
      const call = e.parent, statement = call && call.parent;
      if (list.length === 1 && ts.isCallExpression(call) && statement && ts.isExpressionStatement(statement)) {
        const from = text.lastIndexOf('\n', pos(statement) - 1) + 1;
        let to = text.indexOf('\n', statement.end);
        to = to < 0 ? text.length : to + 1;
        if (text.slice(from, pos(statement)).trim() === '' && text.slice(statement.end, to).trim() === '') at.cut = [from, to];
      }
      at.fixable = true;
    }
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && mods.has(e.expression.text)) {
      return Object.assign(at, { m: mods.get(e.expression.text), args: e.arguments.map(value) });
    }
    return Object.assign(at, { m: null });
  }

  function cap(vs) {
    const seen = new Set(), out = [];
    for (const v of vs) {
      const k = JSON.stringify(v.map((i) => [i.m, i.pos]));
      if (!seen.has(k)) { seen.add(k); out.push(v); }
    }
    return out.slice(0, MAX_VARIANTS);
  }
  const join = (as, bs) => cap(as.flatMap((a) => bs.map((b) => a.concat(b))));

  // The variants of one element of an array (or argument of push): lists of items.
  function element(e, list) {
    while (ts.isParenthesizedExpression(e)) e = e.expression;
    if (ts.isSpreadElement(e)) return variants(e.expression);
    if (ts.isConditionalExpression(e)) return cap(element(e.whenTrue).concat(element(e.whenFalse)));
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return cap([[]].concat(element(e.right)));
    if (e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === 'undefined') || e.kind === ts.SyntaxKind.FalseKeyword) return [[]];
    return [[item(e, list)]];
  }

  // The variants of a modifiers expression: literal, variable built with push/spread/concat, conditional.
  function variants(e, depth = 0) {
    if (!e || depth > 8) return [[{ m: null, pos: e ? pos(e) : 0, end: e ? e.end : 0 }]];
    while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    if (ts.isArrayLiteralExpression(e)) {
      let out = [[]];
      for (const x of e.elements) out = join(out, element(x, e.elements));
      return out;
    }
    if (ts.isConditionalExpression(e)) return cap(variants(e.whenTrue, depth + 1).concat(variants(e.whenFalse, depth + 1)));
    if (ts.isBinaryExpression(e) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(e.operatorToken.kind)) {
      return cap(variants(e.left, depth + 1).concat(variants(e.right, depth + 1)));
    }
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
      const name = e.expression.name.text;
      if (name === 'concat') {
        let out = variants(e.expression.expression, depth + 1);
        for (const a of e.arguments) out = join(out, ts.isArrayLiteralExpression(a) || ts.isIdentifier(a) ? variants(a, depth + 1) : element(a));
        return out;
      }
      if (name === 'filter') return variants(e.expression.expression, depth + 1);
    }
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'useMemo' && e.arguments[0]) {
      const f = e.arguments[0];
      if (ts.isArrowFunction(f) && !ts.isBlock(f.body)) return variants(f.body, depth + 1);
    }
    if (ts.isIdentifier(e)) {
      const d = declarationOf(e);
      if (d && d.initializer) return built(d, e, variants(d.initializer, depth + 1), depth);
    }
    return [[item(e)]];
  }

  // A variable's variants at `use`: its initializer, then the statements between that
  // change it (push, unshift, reassignment), each `if` read both ways.
  function built(d, use, start, depth) {
    const name = d.name.text;
    const block = d.parent.parent.parent;
    if (!block || !block.statements) return start;
    const after = block.statements.filter((s) => s.pos >= d.parent.parent.end && s.end <= use.pos);
    function run(statements, vs) {
      for (const s of statements) vs = step(s, vs);
      return vs;
    }
    function step(s, vs) {
      if (ts.isBlock(s)) return run(s.statements, vs);
      if (ts.isIfStatement(s)) {
        const yes = step(s.thenStatement, vs);
        const no = s.elseStatement ? step(s.elseStatement, vs) : vs;
        return cap(yes.concat(no));
      }
      if (!ts.isExpressionStatement(s)) return vs;
      let e = s.expression;
      if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && ts.isIdentifier(e.expression.expression)
          && e.expression.expression.text === name) {
        const how = e.expression.name.text;
        let added = [[]];
        for (const a of e.arguments) added = join(added, element(a, e.arguments));
        if (how === 'push') return join(vs, added);
        if (how === 'unshift') return join(added, vs);
        return vs;
      }
      if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(e.left) && e.left.text === name) {
        // x = [...x, a] or x = x.concat(a): the old value stands where x is read.
        return cap(vs.flatMap((v) => substitute(e.right, name, v, depth)));
      }
      return vs;
    }
    return run(after, start);
  }

  // The variants of `e` with the variable `name` read as the items `v`.
  function substitute(e, name, v, depth) {
    const inner = variants;
    const isName = (x) => ts.isIdentifier(x) && x.text === name;
    while (ts.isParenthesizedExpression(e)) e = e.expression;
    if (ts.isArrayLiteralExpression(e)) {
      let out = [[]];
      for (const x of e.elements) out = join(out, ts.isSpreadElement(x) && isName(x.expression) ? [v] : element(x, e.elements));
      return out;
    }
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'concat' && isName(e.expression.expression)) {
      let out = [v];
      for (const a of e.arguments) out = join(out, ts.isArrayLiteralExpression(a) || ts.isIdentifier(a) ? inner(a, depth + 1) : element(a));
      return out;
    }
    return inner(e, depth + 1);
  }

  function tagName(t) { return ts.isIdentifier(t) ? t.text : t.getText(sf); }

  function attributes(opening) {
    const props = {};
    let modifiers = null, spread = false;
    for (const a of opening.attributes.properties) {
      if (ts.isJsxSpreadAttribute(a)) { spread = true; continue; }
      const key = a.name.text;
      const init = a.initializer;
      const expr = !init ? ts.factory.createTrue() : ts.isJsxExpression(init) ? init.expression : init;
      if (key === 'modifiers') {
        modifiers = { at: pos(a), variants: expr ? variants(expr) : [[]] };
        // Where --fix appends a modifier (outermost): after the last item of a literal array.
        if (expr && ts.isArrayLiteralExpression(expr)) {
          const last = expr.elements[expr.elements.length - 1];
          modifiers.append = last ? { at: last.end, lead: ', ' } : { at: pos(expr) + 1, lead: '' };
        }
      }
      else props[key] = init && ts.isStringLiteral(init) ? { t: 'str', v: init.text } : !init ? { t: 'bool', v: true } : value(expr);
    }
    return { props, modifiers, spread };
  }

  // The views a JSX child stands for.
  function nodes(e) {
    while (e && (ts.isParenthesizedExpression(e) || ts.isJsxExpression(e))) e = e.expression;
    if (!e) return [];
    if (ts.isJsxText(e)) return e.containsOnlyTriviaWhiteSpaces ? [] : [{ k: 'text', v: e.text.trim() }];
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e) || ts.isNumericLiteral(e)) return [{ k: 'text', v: ts.isTemplateExpression(e) ? '…' : e.text }];
    if (ts.isJsxFragment(e)) return e.children.flatMap(nodes);
    if (ts.isJsxElement(e) || ts.isJsxSelfClosingElement(e)) {
      const opening = ts.isJsxElement(e) ? e.openingElement : e;
      const local = tagName(opening.tagName);
      const t = opening.tagName;
      const member = ts.isPropertyAccessExpression(t) && ts.isIdentifier(t.expression) && views.has(t.expression.text)
        ? views.get(t.expression.text) + '.' + t.name.text : null;   // List.ForEach, ContextMenu.Trigger
      const { props, modifiers, spread } = attributes(opening);
      const children = ts.isJsxElement(e) ? e.children.flatMap(nodes) : [];
      if (props.children && props.children.t === 'view') children.push(...props.children.nodes);
      const view = member || views.get(local);
      return [{ k: view ? 'view' : 'custom', name: view || local, pos: pos(opening.tagName), tagEnd: opening.tagName.end, props, modifiers, spread, children }];
    }
    if (ts.isConditionalExpression(e)) return [{ k: 'if', then: nodes(e.whenTrue), else: nodes(e.whenFalse) }];
    if (ts.isBinaryExpression(e) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(e.operatorToken.kind)) {
      return [{ k: 'if', then: nodes(e.right), else: e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ? [] : nodes(e.left) }];
    }
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'map' && e.arguments[0]) {
      const f = e.arguments[0];
      if (ts.isArrowFunction(f) || ts.isFunctionExpression(f)) {
        const body = ts.isBlock(f.body) ? returned(f.body) : nodes(f.body);
        return [{ k: 'each', body }];
      }
    }
    return [{ k: 'unknown', pos: pos(e) }];
  }

  // What a function body returns: one alternative per return statement.
  function returned(body) {
    const alternatives = [];
    (function walk(n) {
      if (ts.isFunctionLike(n) && n !== body.parent) return;
      if (ts.isReturnStatement(n) && n.expression) {
        const found = nodes(n.expression);
        if (found.length) alternatives.push(found);
      }
      ts.forEachChild(n, walk);
    })(body);
    if (alternatives.length <= 1) return alternatives[0] || [];
    return [alternatives.reduceRight((rest, a) => [{ k: 'if', then: a, else: rest }])[0]];
  }

  const hasExpo = (ns) => JSON.stringify(ns).includes('"k":"view"');
  // Every function that returns JSX: a component (capitalised) is a view others may use;
  // any other is read for its views alone.
  const components = [];
  (function walk(n) {
    let name = null, body = null;
    if (ts.isFunctionDeclaration(n) && n.body) { name = n.name ? n.name.text : null; body = n.body; }
    else if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n))) {
      body = n.body;
      const p = n.parent;
      if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) name = p.name.text;
      else if (p && ts.isCallExpression(p) && p.parent && ts.isVariableDeclaration(p.parent) && ts.isIdentifier(p.parent.name)) name = p.parent.name.text;  // memo(() => …), forwardRef
    }
    let nested = false;
    for (let p = n.parent; p; p = p.parent) if (ts.isJsxExpression(p) || ts.isJsxAttribute(p)) { nested = true; break; }
    if (body && !nested) {
      const inner = ts.isBlock(body) ? returned(body) : nodes(body);
      if (inner.length && hasExpo(inner)) components.push({ name, pos: pos(n), nodes: inner });
    }
    ts.forEachChild(n, walk);
  })(sf);
  const problem = (sf.parseDiagnostics || [])[0];
  const syntaxError = problem ? { pos: problem.start, message: ts.flattenDiagnosticMessageText(problem.messageText, ' ') } : null;
  return { file, expo: true, syntaxError, components, imports: { views: Object.fromEntries(views), modifiers: Object.fromEntries(mods), modifiersImport: modsImport, lastImportEnd } };
}

const out = { typescript: ts.version, files: [] };
for (const file of input.files) {
  try { out.files.push(tree(file)); } catch (err) { out.files.push({ file, error: String(err && err.message || err) }); }
}
process.stdout.write(JSON.stringify(out));
"""#
}
