import SwiftSyntax

/// The SwiftUI declarations of the linted sources that a chain may name: custom
/// views (their `body`), view modifiers (`body(content:)`), button and label
/// styles (`makeBody(configuration:)`), the `View` extensions that wrap
/// modifiers (`func cardStyle() -> some View`), a type's own view properties
/// (`var header: some View`), and the static shorthands of styles
/// (`extension ButtonStyle where Self == PillStyle { static var pill: … }`).
///
/// Built from every file of a run before any is linted, so a view defined in
/// one file resolves in another. A name declared twice (two private `Row`s in
/// two files) is ambiguous and resolves to nothing: unknown, as the linter
/// treats anything it cannot tell.
public struct ViewIndex: Sendable {
    /// What a declared type is to SwiftUI.
    public enum Kind: Sendable, Equatable {
        case view, viewModifier, buttonStyle, primitiveButtonStyle, labelStyle, other
    }

    /// One declared type: its kind, the statements of its body (or makeBody), and its view-valued members.
    public struct TypeDecl: @unchecked Sendable {
        public let name: String
        public let kind: Kind
        /// `body`, `body(content:)` or `makeBody(configuration:)`'s statements.
        public let body: [CodeBlockItemSyntax]?
        /// The name `body(content:)`/`makeBody(configuration:)` gives its parameter inside (`configuration`, `c`).
        public var bodyParameter: String?
        /// `var header: some View { … }`, `func row(_:) -> some View { … }` (its own and its extensions').
        public var members: [String: Member]
        /// The file it is declared in, for messages.
        public let file: String
    }

    /// A view-valued property or function: its statements and the parameters a call binds.
    public struct Member: @unchecked Sendable {
        public let items: [CodeBlockItemSyntax]
        /// (argument label, name inside) in order; `_` is a nil label.
        public let parameters: [(label: String?, name: String)]
        /// The declaration, to find where its uses are.
        public let decl: Syntax
    }

    /// Declared types by name; nil where the name is declared more than once.
    private var types: [String: TypeDecl?] = [:]
    /// `extension View { func name(…) -> some View { … } }`, by name; nil where ambiguous.
    private var viewExtensions: [String: Member?] = [:]
    /// Members declared in `extension Name { … }` before or after the type is seen.
    private var extensionMembers: [String: [String: Member]] = [:]
    /// File-level functions that return a view (`func tag(_ name: String) -> some View`); nil where ambiguous.
    private var freeFunctions: [String: Member?] = [:]
    /// Every name referenced in the sources, with where: the uses of a member or a view type.
    private var references: [String: [Syntax]] = [:]
    /// `.pill` → `PillStyle` for ButtonStyle and LabelStyle shorthands.
    private var shorthands: [String: String?] = [:]

    public init() {}

    /// Indexes one file's declarations.
    public mutating func add(_ tree: SourceFileSyntax, file: String) {
        let collector = DeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        for decl in collector.types {
            let kind = ViewIndex.kind(of: decl)
            let members = ViewIndex.viewMembers(in: decl.memberBlock)
            let body = ViewIndex.body(of: decl.memberBlock, kind: kind)
            guard kind != .other || body != nil else { continue }
            let name = decl.name
            let entry = TypeDecl(name: name, kind: kind == .other ? .view : kind, body: body?.items,
                                 bodyParameter: body?.parameter, members: members, file: file)
            if types[name] != nil { types[name] = .some(nil) } else { types[name] = entry }
        }
        for ext in collector.extensions {
            let extended = ext.extendedType.trimmedDescription
            if extended == "View" || extended == "SwiftUI.View" {
                for (name, member) in ViewIndex.viewMembers(in: ext.memberBlock) {
                    if viewExtensions[name] != nil { viewExtensions[name] = .some(nil) } else { viewExtensions[name] = member }
                }
            } else if ["ButtonStyle", "PrimitiveButtonStyle", "LabelStyle"].contains(extended) {
                for (name, type) in ViewIndex.staticShorthands(in: ext) {
                    if shorthands[name] != nil { shorthands[name] = .some(nil) } else { shorthands[name] = type }
                }
            } else {
                let name = extended.split(separator: ".").last.map(String.init) ?? extended
                extensionMembers[name, default: [:]].merge(ViewIndex.viewMembers(in: ext.memberBlock)) { a, _ in a }
            }
        }
        for f in collector.functions {
            guard let member = ViewIndex.viewMember(f) else { continue }
            let name = f.name.text
            if freeFunctions[name] != nil { freeFunctions[name] = .some(nil) } else { freeFunctions[name] = member }
        }
        for (name, nodes) in collector.references { references[name, default: []] += nodes }
    }

    /// A file-level function that returns a view.
    public func freeFunction(_ name: String) -> Member? {
        guard case .some(.some(let f)) = freeFunctions[name] else { return nil }
        return f
    }

    /// Where a name is referenced in the linted sources.
    public func uses(of name: String) -> [Syntax] { references[name] ?? [] }

    /// The type declared under `name`, with the members its extensions add.
    public func type(_ name: String) -> TypeDecl? {
        guard case .some(.some(var decl)) = types[name] else { return nil }
        decl.members.merge(extensionMembers[name] ?? [:]) { a, _ in a }
        return decl
    }

    /// A view-valued member (`var header: some View`) of `type`.
    public func member(_ name: String, of type: String) -> Member? {
        if case .some(.some(let decl)) = types[type], let m = decl.members[name] { return m }
        return extensionMembers[type]?[name]
    }

    /// `extension View { func name() -> some View { … } }`.
    public func viewExtension(_ name: String) -> [CodeBlockItemSyntax]? {
        guard case .some(.some(let m)) = viewExtensions[name] else { return nil }
        return m.items
    }

    /// The style type a shorthand names: `.pill` → `PillStyle`.
    public func shorthand(_ name: String) -> String? {
        guard case .some(.some(let type)) = shorthands[name] else { return nil }
        return type
    }

    // MARK: - Reading declarations

    static func kind(of decl: DeclaredType) -> Kind {
        let inherited = Set(decl.inheritance.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
        if inherited.contains("ViewModifier") { return .viewModifier }
        if inherited.contains("PrimitiveButtonStyle") { return .primitiveButtonStyle }
        if inherited.contains("ButtonStyle") { return .buttonStyle }
        if inherited.contains("LabelStyle") { return .labelStyle }
        if inherited.contains("View") { return .view }
        return .other
    }

    /// The statements SwiftUI draws for a type: `var body`, `func body(content:)`, `func makeBody(configuration:)`.
    static func body(of members: MemberBlockSyntax, kind: Kind) -> (items: [CodeBlockItemSyntax], parameter: String?)? {
        for member in members.members {
            if let v = member.decl.as(VariableDeclSyntax.self), kind == .view || kind == .other {
                for binding in v.bindings where binding.pattern.trimmedDescription == "body" {
                    if let items = statements(of: binding.accessorBlock) { return (items, nil) }
                }
            }
            if let f = member.decl.as(FunctionDeclSyntax.self), let body = f.body {
                let name = f.name.text
                if (kind == .viewModifier && name == "body") || name == "makeBody" {
                    let p = f.signature.parameterClause.parameters.first
                    return (Array(body.statements), (p?.secondName ?? p?.firstName)?.text)
                }
            }
        }
        return nil
    }

    /// A function that returns a view, with its parameters.
    static func viewMember(_ f: FunctionDeclSyntax) -> Member? {
        guard let body = f.body, let type = f.signature.returnClause?.type.trimmedDescription, type.hasSuffix("View") else { return nil }
        let parameters = f.signature.parameterClause.parameters.map { p -> (label: String?, name: String) in
            let label = p.firstName.tokenKind == .wildcard ? nil : p.firstName.text
            return (label, (p.secondName ?? p.firstName).text)
        }
        return Member(items: Array(body.statements), parameters: parameters, decl: Syntax(f))
    }

    /// Computed properties and functions whose type names a view (`some View`, `AnyView`, `-> Row`).
    static func viewMembers(in members: MemberBlockSyntax) -> [String: Member] {
        var found: [String: Member] = [:]
        for member in members.members {
            if let v = member.decl.as(VariableDeclSyntax.self) {
                for binding in v.bindings {
                    let name = binding.pattern.trimmedDescription
                    guard name != "body", let type = binding.typeAnnotation?.type.trimmedDescription,
                          type.hasSuffix("View"), let items = statements(of: binding.accessorBlock) else { continue }
                    if found[name] == nil { found[name] = Member(items: items, parameters: [], decl: Syntax(binding)) }
                }
            } else if let f = member.decl.as(FunctionDeclSyntax.self), let m = viewMember(f) {
                if found[f.name.text] == nil { found[f.name.text] = m }
            }
        }
        return found
    }

    static func statements(of accessor: AccessorBlockSyntax?) -> [CodeBlockItemSyntax]? {
        switch accessor?.accessors {
        case .getter(let items)?: return Array(items)
        case .accessors(let list)?:
            return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body.map { Array($0.statements) }
        case nil: return nil
        }
    }

    /// `static var pill: PillStyle { … }` or `static let pill = PillStyle()` inside `extension ButtonStyle where Self == PillStyle`.
    static func staticShorthands(in ext: ExtensionDeclSyntax) -> [(String, String)] {
        var selfType: String?
        for req in ext.genericWhereClause?.requirements ?? [] {
            if case .sameTypeRequirement(let same) = req.requirement, same.leftType.trimmedDescription == "Self" {
                selfType = same.rightType.trimmedDescription
            }
        }
        var found: [(String, String)] = []
        for member in ext.memberBlock.members {
            guard let v = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in v.bindings {
                let name = binding.pattern.trimmedDescription
                if let type = binding.typeAnnotation?.type.trimmedDescription, type != "Self" {
                    found.append((name, type))
                } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), let type = ViewBase.typeName(call.calledExpression) {
                    found.append((name, type))
                } else if let selfType {
                    found.append((name, selfType))
                }
            }
        }
        return found
    }
}

/// A struct, class or enum as the index reads it.
struct DeclaredType {
    let name: String
    let inheritance: [String]
    let memberBlock: MemberBlockSyntax
}

/// Every type and extension declaration of a file, nested ones included.
final class DeclarationCollector: SyntaxVisitor {
    var types: [DeclaredType] = []
    var extensions: [ExtensionDeclSyntax] = []
    var functions: [FunctionDeclSyntax] = []
    var references: [String: [Syntax]] = [:]

    private func add(_ name: TokenSyntax, _ clause: InheritanceClauseSyntax?, _ members: MemberBlockSyntax) {
        let inherited = clause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        types.append(DeclaredType(name: name.text, inheritance: inherited, memberBlock: members))
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name, node.inheritanceClause, node.memberBlock)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name, node.inheritanceClause, node.memberBlock)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name, node.inheritanceClause, node.memberBlock)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        // `extension Row: View { var body … }` declares what the type draws.
        let swiftUI: Set<String> = ["View", "ViewModifier", "ButtonStyle", "PrimitiveButtonStyle", "LabelStyle"]
        if let clause = node.inheritanceClause,
           clause.inheritedTypes.contains(where: { swiftUI.contains($0.type.trimmedDescription.split(separator: ".").last.map(String.init) ?? "") }),
           let name = node.extendedType.trimmedDescription.split(separator: ".").last {
            add(TokenSyntax.identifier(String(name)), clause, node.memberBlock)
        } else {
            extensions.append(node)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true { functions.append(node) }   // a file-level function
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        references[node.baseName.text, default: []].append(Syntax(node))
        return .visitChildren
    }
}
