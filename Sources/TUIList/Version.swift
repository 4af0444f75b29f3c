package enum TUIListVersion { package static let string = "0.1.0" }
