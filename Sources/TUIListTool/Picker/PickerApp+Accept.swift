extension PickerApp {
    /// What is printed when row `number` is chosen: its line, or under `--accept-nth` the
    /// fields (or template) of it that ``Options/acceptNth`` says (``LineTemplate``).
    /// - Parameter number: The row.
    func accepted(_ number: Int) -> String {
        let text = line(number)
        guard let template = options.acceptNth else { return text }
        return template.apply(to: text, number: slot(of: number) + options.headerLines, delimiter: options.delimiter)
    }
}
