import Testing
@Test func e2ePlaceholder() {}
