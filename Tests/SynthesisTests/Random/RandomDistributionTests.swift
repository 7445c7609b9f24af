import Synthesis
import Testing

@Suite("The seeded distributions have the shape synthesis relies on")
struct RandomDistributionTests {
    @Test("Unit draws stay in [0, 1) and average one half")
    func unitDraws() {
        var random = SeededGenerator(seed: 11)
        var sum = 0.0
        for _ in 0..<20_000 {
            let value = random.unit()
            #expect(value >= 0 && value < 1)
            sum += value
        }
        #expect(abs(sum / 20_000 - 0.5) < 0.01)
    }

    @Test("Gaussian-shaped draws have mean 0 and standard deviation 1")
    func gaussianDraws() {
        var random = SeededGenerator(seed: 12)
        var sum = 0.0
        var squares = 0.0
        for _ in 0..<20_000 {
            let value = random.gaussian()
            sum += value
            squares += value * value
        }
        let mean = sum / 20_000
        #expect(abs(mean) < 0.03)
        #expect(abs((squares / 20_000 - mean * mean).squareRoot() - 1) < 0.03)
    }

    @Test("Integer draws cover their whole closed range and nothing else")
    func integerDraws() {
        var random = SeededGenerator(seed: 13)
        var seen = Set<Int>()
        for _ in 0..<2_000 { seen.insert(random.integer(in: 3...9)) }
        #expect(seen == Set(3...9))
    }

    @Test("Streams of one seed are independent of each other")
    func streams() {
        var first = SeededGenerator(seed: 5, stream: 0)
        var second = SeededGenerator(seed: 5, stream: 1)
        #expect((0..<4).map { _ in first.next() } != (0..<4).map { _ in second.next() })
    }
}
