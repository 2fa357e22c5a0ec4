# pkgctl — the two commands a new user needs are `make demo` and `make test`.
SWIFT ?= swift
PKGCTL = .build/release/pkgctl
DEMO_OUT ?= demo-out

.PHONY: deps build demo test bench fuzz clean interop

deps:
	@scripts/deps.sh build

build: deps
	$(SWIFT) build -c release --product pkgctl

demo: build
	@scripts/demo.sh $(PKGCTL) $(DEMO_OUT)

test:
	@scripts/deps.sh test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: build
	@scripts/bench.sh $(PKGCTL)

fuzz:
	@scripts/fuzz.sh

# Real players on pkgctl's output (hls.js in headless Chromium from ../shared/hlsjs); live cases
# run in real time, so this is not part of `make test`. CASES=vod|live|<case>,… JOBS=N
interop: build
	@python3 scripts/interop/interop.py --pkgctl $(PKGCTL) $(if $(CASES),--cases $(CASES)) $(if $(JOBS),--jobs $(JOBS))

clean:
	rm -rf .build $(DEMO_OUT)
