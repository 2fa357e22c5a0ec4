# pkgctl — the two commands a new user needs are `make demo` and `make test`.
SWIFT ?= swift
PKGCTL = .build/release/pkgctl
DEMO_OUT ?= demo-out

.PHONY: deps build demo test bench fuzz clean

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

clean:
	rm -rf .build $(DEMO_OUT)
