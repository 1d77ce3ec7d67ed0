/// `_ViewDebug` nodes written as the serializer writes them (children in raw order).
public enum Raw {
    public static func node(_ type: String, flags: Int, frame: [Double]? = nil, value: String? = nil, _ children: [String] = []) -> String {
        var props = [#"{"id":0,"attribute":{"type":"SwiftUI.\#(type)","readableType":"\#(type)","flags":\#(flags)}}"#]
        if let value { props.append(#"{"id":1,"attribute":\#(value)}"#) }
        if let f = frame {
            props.append(#"{"attribute":{"type":"__C.CGSize","readableType":"CGSize","flags":0,"value":[\#(f[2]),\#(f[3])]},"id":4}"#)
            props.append(#"{"id":3,"attribute":{"type":"__C.CGPoint","readableType":"CGPoint","flags":0,"value":[\#(f[0]),\#(f[1])]}}"#)
        }
        return #"{"properties":[\#(props.joined(separator: ","))],"children":[\#(children.joined(separator: ","))]}"#
    }
    public static func view(_ type: String, _ frame: [Double]? = nil, value: String? = nil, _ children: [String] = []) -> String {
        node(type, flags: 1, frame: frame, value: value, children)
    }
    public static func modifier(_ type: String, frame: [Double]? = nil, value: String? = nil, _ children: [String]) -> String {
        node(type, flags: 2, frame: frame, value: value, children)
    }
    public static func attr(_ name: String, _ type: String, value: String? = nil, _ subs: [String] = []) -> String {
        var s = #"{"name":"\#(name)","readableType":"\#(type)","type":"\#(type)","flags":0"#
        if let value { s += #","value":\#(value)"# }
        if !subs.isEmpty { s += #","subattributes":[\#(subs.joined(separator: ","))]"# }
        return s + "}"
    }
    public static func text(_ s: String, _ frame: [Double]?) -> String {
        view("Text", frame, value: attr("", "Text", [attr("storage", "Text.Storage", [attr("key", "LocalizedStringKey", [attr("key", "String", value: "\"\(s)\"")])])]))
    }
    public static func payload(_ roots: String...) -> String { "[" + roots.joined(separator: ",") + "]" }
}
