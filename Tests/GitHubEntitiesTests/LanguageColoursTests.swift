import Testing
import GitHubEntities

@Suite struct LanguageColoursTests {
    @Test func knownColours() {
        #expect(LanguageColours.colour(for: "Swift") == LanguageColour(red: 0xF0, green: 0x51, blue: 0x38))
        #expect(LanguageColours.colour(for: "Ruby") == LanguageColour(rgb: 0x701516))
        #expect(LanguageColours.colour(for: "JavaScript")?.description == "#F1E05A")
        #expect(LanguageColours.colour(for: "C++")?.description == "#F34B7D")
        #expect(LanguageColours.colour(for: "Jupyter Notebook")?.description == "#DA5B0B")
        // The table's first and last names are found too (the binary search's edges).
        let names = LanguageColours.languages
        #expect(names.count > 600)
        #expect(LanguageColours.colour(for: names[0]) != nil)
        #expect(LanguageColours.colour(for: names[names.count - 1]) != nil)
    }

    @Test func everyListedLanguageIsFound() {
        for name in LanguageColours.languages {
            #expect(LanguageColours.colour(for: name) != nil, "\(name)")
        }
    }

    @Test func unknownOrColourlessLanguagesHaveNone() {
        #expect(LanguageColours.colour(for: "Not A Language") == nil)
        #expect(LanguageColours.colour(for: "") == nil)
        #expect(LanguageColours.colour(for: "swift") == nil)   // the API's spelling is exact
        #expect(LanguageColours.colour(for: "Swift ") == nil)
        #expect(LanguageColours.colour(for: "Text") == nil)    // in linguist, without a colour
    }

    @Test func hexParsing() {
        #expect(LanguageColour(hex: "#f05138") == LanguageColour(rgb: 0xF05138))
        #expect(LanguageColour(hex: "#F05138")?.description == "#F05138")
        #expect(LanguageColour(hex: "F05138") == nil)
        #expect(LanguageColour(hex: "#F0513") == nil)
        #expect(LanguageColour(hex: "#G05138") == nil)
        #expect(LanguageColour(hex: "#F05138\u{0}") == nil)
    }
}
