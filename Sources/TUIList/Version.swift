public enum TUIListVersion { public static let string = "0.1.0" }
