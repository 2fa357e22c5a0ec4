import Foundation

/// Linux file calls that glibc declares only under _GNU_SOURCE, which Swift's Glibc module does
/// not define (and malloc_trim, whose <malloc.h> it does not include): looked up at run time,
/// nil where this libc lacks them.
enum LinuxFileCalls {
    typealias CopyFileRange = @convention(c) (Int32, UnsafeMutablePointer<off_t>?, Int32,
                                             UnsafeMutablePointer<off_t>?, Int, UInt32) -> Int
    typealias Fallocate = @convention(c) (Int32, Int32, off_t, off_t) -> Int32
    typealias MallocTrim = @convention(c) (Int) -> Int32

    static let copyFileRange: CopyFileRange? = symbol("copy_file_range")
    /// Unlike posix_fallocate, fails where the file system cannot allocate (no zero-filling).
    static let fallocate: Fallocate? = symbol("fallocate")
    /// Gives the heap's free pages back to the kernel.
    static let mallocTrim: MallocTrim? = symbol("malloc_trim")

    /// open(2)'s O_DIRECT, which Swift's Glibc module leaves out (glibc defines it only under
    /// _GNU_SOURCE); its value differs between architectures.
    #if arch(x86_64) || arch(i386)
    static let directIO: Int32 = 0o40000
    #elseif arch(arm64) || arch(arm)
    static let directIO: Int32 = 0o200000
    #else
    static let directIO: Int32 = 0
    #endif

    private static func symbol<T>(_ name: String) -> T? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }
}
