import Testing
import TouchTrace

@Suite("Axis ranges convert device units to millimetres")
struct AxisRangeTests {
    @Test("A position converts to millimetres from the axis minimum")
    func positionInMillimetres() {
        let axis = AxisRange(minimum: 100, maximum: 4100, resolution: 40)
        #expect(axis.millimetres(500) == 10)
        #expect(axis.lengthMillimetres == 100)
    }

    @Test("An axis without a resolution has no millimetre length")
    func unknownResolution() {
        let axis = AxisRange(minimum: 0, maximum: 4095)
        #expect(axis.lengthMillimetres == nil)
        #expect(axis.millimetres(10) == nil)
    }

    @Test("A reversed range has no millimetre length, however large its ends")
    func reversedRangeHasNoLength() {
        #expect(AxisRange(minimum: .max, maximum: .min, resolution: 1).lengthMillimetres == nil)
        #expect(AxisRange(minimum: 100, maximum: -100, resolution: 10).lengthMillimetres == nil)
        #expect(AxisRange(minimum: 5, maximum: 5, resolution: 10).lengthMillimetres == 0)
    }
}
