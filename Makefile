# The Associate Portal. `make run` starts it; `make test` is what CI runs.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

GO      ?= go
ADDR    ?= 127.0.0.1:8080
DATA    ?= ./.portal
BIN     := bin
GOFLAGS_BUILD := -trimpath
# Photos are encoded to WebP by gen2brain/webp's pure-Go libwebp; without this tag it would
# load a system libwebp.so when one is installed, and the output would depend on the machine.
export GOFLAGS ?= -tags=nodynamic
GENERATED := sdk/oas sdk/lists/lists_gen.go web/src/api/gen web/src/api/lists.gen.ts

.PHONY: help
help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

.PHONY: deps
deps: ## install what is missing: Go modules, npm packages, PostgreSQL (apt, as root)
	@scripts/ensure-deps.sh

.PHONY: deps-test
deps-test:
	@scripts/ensure-deps.sh --browser

.PHONY: web
web: ## build the web app into web/dist
	cd web && npm run --silent build

.PHONY: build
build: deps web ## build the web app and both binaries into bin/
	$(GO) build $(GOFLAGS_BUILD) -o $(BIN)/portald ./server/cmd/portald
	$(GO) build $(GOFLAGS_BUILD) -o $(BIN)/portal ./cli/cmd/portal
	@# The demo payment mode's Stripe API (a tool dependency): portald starts it when no Stripe keys are set.
	$(GO) build $(GOFLAGS_BUILD) -o $(BIN)/stripe-mock github.com/stripe/stripe-mock

.PHONY: run
run: build ## start the portal with the embedded database at http://$(ADDR)
	$(BIN)/portald serve --addr $(ADDR) --data-dir $(DATA)

.PHONY: generate
generate: ## regenerate sdk/oas (ogen), sdk/lists and web/src/api/gen (orval), web/src/api/lists.gen.ts from openapi.yaml
	@# ogen reads the contract without its 4xx answers (listgen -ogen says why).
	tmp=$$(mktemp --suffix=.yaml) && trap 'rm -f $$tmp' EXIT && \
	  $(GO) run ./sdk/lists/listgen -contract openapi.yaml -go sdk/lists/lists_gen.go -ts web/src/api/lists.gen.ts -ogen $$tmp && \
	  $(GO) tool ogen --target sdk/oas --package oas --clean $$tmp 2>&1 | { grep -v -e 'canonical' -e 'convenient' || true; }
	cd web && npm run --silent generate && node_modules/.bin/prettier --log-level warn --write src/api/lists.gen.ts

.PHONY: check
check: deps ## generated code, go mod tidy, vet, gofmt, staticcheck, tsc, eslint, prettier, migrations
	$(MAKE) --no-print-directory generate
	@if [ -n "$$(git status --porcelain -- $(GENERATED))" ]; then \
	  echo "check: generated code differs from openapi.yaml; run make generate and commit:"; \
	  git status --porcelain -- $(GENERATED); git --no-pager diff --stat -- $(GENERATED); exit 1; fi
	cp go.mod /tmp/portal-go.mod.bak; cp go.sum /tmp/portal-go.sum.bak
	$(GO) mod tidy
	@if ! cmp -s go.mod /tmp/portal-go.mod.bak || ! cmp -s go.sum /tmp/portal-go.sum.bak; then \
	  echo "check: go mod tidy changes go.mod/go.sum; run it and commit"; git --no-pager diff -- go.mod; exit 1; fi
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' | grep -v -e '^sdk/oas/')); \
	  if [ -n "$$unformatted" ]; then echo "check: gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	$(GO) test -count=1 -run 'TestMigrations' ./server/store/
	cd web && npm run --silent check

.PHONY: test
test: deps-test ## everything: check, Go tests with -race, web unit tests, browser end-to-end tests
	$(MAKE) --no-print-directory check
	@# server/photo is one pure function over images (no goroutines of its own; its callers'
	@# concurrency is tested with -race in server/api): under -race its WebP encoder, libwebp
	@# transpiled to Go, ran ten times slower (100 s of CI) for nothing the detector could find.
	$(GO) test -race -count=1 -timeout 15m $$($(GO) list ./... | grep -v '/server/photo$$')
	$(GO) test -count=1 -timeout 5m ./server/photo
	cd web && npm test --silent
	$(MAKE) --no-print-directory build
	scripts/e2e.sh

.PHONY: e2e
e2e: deps-test build ## only the browser end-to-end tests
	scripts/e2e.sh

.PHONY: bench
bench: build ## benchmarks at scale (prints figures; see docs/benchmarks.md)
	scripts/bench.sh

.PHONY: clean
clean: ## remove build output (not the data dir)
	rm -rf $(BIN) web/dist/assets web/dist/index.html
