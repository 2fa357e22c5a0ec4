/*
 * The least a durable live channel asks of the kernel, with none of the packaging: what
 * bench-live.py sets pkgctl live's CPU against, as bench-cues.sh sets the cue scan against
 * reading the file.
 *
 * It receives a 4 Mb/s input paced as pkgctl's is (UDP: poll, recvmmsg until the socket is
 * empty, a 100 ms sleep, as pkgctl's reader at this rate, with up to 64 datagrams a call where
 * pkgctl takes 32; a file: --realtime's 0.2 s blocks at SPEED x the input's rate, each block one
 * read, where pkgctl reads 64 KiB at a time), and cuts it into segments by bytes alone (no
 * parsing). Where it differs from pkgctl, it makes fewer calls: it stays a floor. With `power`, each segment is written as
 * pkgctl writes it: 256 KiB O_DIRECT pieces from page-aligned memory, an fdatasync every
 * 512 KiB, the tail buffered, an fdatasync, the rename and the directory's fsync; then a
 * 900-byte playlist written, fsynced and renamed, and the segment that left a 10-segment
 * window unlinked. With `process`, the same calls without O_DIRECT and without any sync.
 * A segment's last 512 KiB go in 64 KiB pieces, synced every 128 KiB, as pkgctl writes a
 * segment's last half second, and stderr gets each segment's latency: from its last byte to the
 * playlist's rename. Left out, so that this stays a floor: pkgctl's state journal (one append
 * and fsync a segment) and its fallocate of the playlist.
 *
 * Usage: live-floor udp:PORT|file:PATH:SPEED OUTDIR SEGMENT_BYTES RATE_BYTES_PER_S power|process
 * Runs until SIGINT/SIGTERM.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { PIECE = 256 * 1024, SYNC_EVERY = 512 * 1024, WINDOW = 10, SLOTS = 64, SLOT = 2048 };

static volatile sig_atomic_t stopping;
static void stop(int sig) { (void)sig; stopping = 1; }

static const char *dir;
static int durable, dirfd_ = -1, seg = -1, seg_index, direct;
static unsigned char *piece;
static size_t used, seg_size, unsynced;
static char spool[4096];

static void die(const char *what) { perror(what); exit(1); }

static void open_segment(void) {
    snprintf(spool, sizeof spool, "%s/.spool-%d", dir, seg_index);
    seg = open(spool, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (seg < 0) die("open spool");
    direct = durable && fcntl(seg, F_SETFL, O_DIRECT) == 0;
    used = seg_size = unsynced = 0;
}

static size_t segment_bytes;

/* The last 512 KiB of a segment, as pkgctl's last half second: written in 64 KiB pieces and
 * synced every 128 KiB, so that little is left to write and sync when the segment ends. */
static int near_end(void) { return segment_bytes - seg_size <= SYNC_EVERY; }

static void put(const void *p, size_t n) {
    if (pwrite(seg, p, n, (off_t)seg_size) != (ssize_t)n) die("pwrite");
    seg_size += n;
    unsynced += n;
    if (durable && unsynced >= (near_end() ? SYNC_EVERY / 4 : SYNC_EVERY)) {
        if (fdatasync(seg)) die("fdatasync");
        unsynced = 0;
    }
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* From the segment's last byte to its playlist's rename: one line on stderr per segment. */
static void publish(void) {
    double closed = now();
    if (used) {
        if (direct) fcntl(seg, F_SETFL, 0);
        put(piece, used);
        used = 0;
    }
    if (durable && unsynced && fdatasync(seg)) die("fdatasync");
    close(seg);
    char name[4096], playlist[4096], temp[4096], text[1024];
    snprintf(name, sizeof name, "%s/seg_%05d.ts", dir, seg_index);
    if (rename(spool, name)) die("rename segment");
    if (durable && fsync(dirfd_)) die("fsync dir");
    snprintf(temp, sizeof temp, "%s/.playlist-%d", dir, seg_index);
    snprintf(playlist, sizeof playlist, "%s/index.m3u8", dir);
    int n = snprintf(text, sizeof text, "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:%d\n",
                     seg_index >= WINDOW ? seg_index - WINDOW + 1 : 0);
    for (int i = seg_index >= WINDOW ? seg_index - WINDOW + 1 : 0; i <= seg_index && n < 900; i++)
        n += snprintf(text + n, sizeof text - n, "#EXTINF:6.000000,\nseg_%05d.ts\n", i);
    int fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0 || write(fd, text, n) != n || (durable && fsync(fd)) || close(fd)) die("playlist");
    if (rename(temp, playlist)) die("rename playlist");
    fprintf(stderr, "{\"event\":\"segment\",\"latency_ms\":%.3f}\n", (now() - closed) * 1000);
    if (seg_index > WINDOW) {
        snprintf(name, sizeof name, "%s/seg_%05d.ts", dir, seg_index - WINDOW - 1);
        unlink(name);
    }
    seg_index++;
}

/* Bytes of input: into the piece buffer, written out a piece at a time, cut at SEGMENT_BYTES. */
static void take(const unsigned char *p, size_t n) {
    while (n) {
        if (seg < 0) open_segment();
        size_t room = PIECE - used, left = segment_bytes - (seg_size + used);
        size_t k = n < room ? n : room;
        if (k > left) k = left;
        memcpy(piece + used, p, k);
        used += k; p += k; n -= k;
        size_t whole = used - used % 4096;
        if (used == PIECE || (near_end() && whole >= PIECE / 4)) {
            put(piece, whole);
            memmove(piece, piece + whole, used - whole);
            used -= whole;
        }
        if (seg_size + used == segment_bytes) { publish(); seg = -1; }
    }
}

static void run_udp(int port) {
    int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    int size = 2 << 20;
    setsockopt(s, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof a)) die("udp");
    static unsigned char slots[SLOTS][SLOT];
    struct mmsghdr msgs[SLOTS];
    struct iovec iov[SLOTS];
    while (!stopping) {
        struct pollfd e = { .fd = s, .events = POLLIN };
        if (poll(&e, 1, 100) <= 0) continue;
        for (;;) {
            for (int i = 0; i < SLOTS; i++) {
                iov[i] = (struct iovec){ slots[i], SLOT };
                msgs[i] = (struct mmsghdr){ .msg_hdr = { .msg_iov = &iov[i], .msg_iovlen = 1 } };
            }
            int got = recvmmsg(s, msgs, SLOTS, MSG_DONTWAIT, NULL);
            if (got <= 0) break;
            for (int i = 0; i < got; i++) take(slots[i], msgs[i].msg_len);
            if (got < SLOTS) break;
        }
        usleep(100000);
    }
}

static void run_file(const char *path, double speed, double rate) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) die("input");
    size_t block = (size_t)(rate * speed * 0.2);
    unsigned char *buf = malloc(block);
    double start = now(), sent = 0;
    while (!stopping) {
        ssize_t n = read(fd, buf, block);
        if (n < 0) die("read");
        if (n == 0) { lseek(fd, 0, SEEK_SET); continue; }   /* --loop */
        take(buf, (size_t)n);
        sent += n;
        double due = start + sent / (rate * speed) - now();
        if (due > 0) usleep((useconds_t)(due * 1e6));
    }
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: live-floor udp:PORT|file:PATH:SPEED OUTDIR SEGMENT_BYTES RATE_BYTES_PER_S power|process\n");
        return 2;
    }
    dir = argv[2];
    segment_bytes = strtoul(argv[3], NULL, 10);
    double rate = atof(argv[4]);
    durable = strcmp(argv[5], "power") == 0;
    mkdir(dir, 0755);
    dirfd_ = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirfd_ < 0 || segment_bytes == 0 || rate <= 0) die("arguments");
    if (posix_memalign((void **)&piece, 4096, PIECE)) die("memory");
    signal(SIGINT, stop);
    signal(SIGTERM, stop);
    if (strncmp(argv[1], "udp:", 4) == 0) {
        run_udp(atoi(argv[1] + 4));
    } else if (strncmp(argv[1], "file:", 5) == 0) {
        char *path = strdup(argv[1] + 5), *colon = strrchr(path, ':');
        if (!colon) die("file:PATH:SPEED");
        *colon = 0;
        run_file(path, atof(colon + 1), rate);
    } else {
        fprintf(stderr, "live-floor: unknown input %s\n", argv[1]);
        return 2;
    }
    return 0;
}
