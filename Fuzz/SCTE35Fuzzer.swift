// libFuzzer entry point for the SCTE-35 decoder. scripts/fuzz.sh compiles this file together
// with CueDetect's sources into one module, so the decoder's internal types are in scope.

/// Decodes the input and exercises everything callers use on a decoded section. Any input
/// must end in a thrown SCTE35Error or a value; a trap here is a decoder bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func scte35FuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let section = try? SpliceInfoSection.decode(bytes) else { return 0 }
    checkInvariants(section, bytes)
    return 0
}

private func checkInvariants(_ section: SpliceInfoSection, _ bytes: [UInt8]) {
    let total = Int(section.sectionLength) + 3
    precondition(total <= bytes.count, "decoded a section longer than its input")
    precondition(section.crcOK == (CRC32MPEG2.checksum(bytes.prefix(total)) == 0), "crcOK disagrees with the CRC")
    if let adjusted = section.spliceTimeAdjusted {
        precondition(adjusted <= ProgramClock.mask, "adjusted splice time exceeds 33 bits")
    }
    for descriptor in section.segmentationDescriptors {
        precondition(descriptor.upid.bytes.count <= 255, "UPID bytes longer than its 8-bit length")
        _ = descriptor.upid.text
    }
    _ = section.cueSignal
    _ = section.commandName
    _ = section.jsonValue.serialized(pretty: true)
}
