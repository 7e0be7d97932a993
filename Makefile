# Thin wrapper: install what is missing, configure a Release build in build/, run a CMake target.
BUILD ?= build
JOBS ?= 2
FUZZ_SECONDS ?= 60
CMAKE_FLAGS ?=
PREFIX ?= /usr/local

.PHONY: all deps configure build install test test-exhaustive test-mpi verify verify-all riichi34 shanten-reports bench bench-ddz bench-ddz-full report reports-commit fuzz clean

all: build

deps:
	@sh scripts/deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The binary, libmjverify (.so and .a), headers, pkg-config file and CMake package under PREFIX.
install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

# The quick tier of Check suites (ctest label `quick`); `make test-exhaustive` runs the long ones.
test: build
	@cd $(BUILD) && ctest -L quick --output-on-failure -j $(JOBS)
	@echo "Check suites:" && grep -hE '^(Running suite|[0-9]+%: Checks: )' $(BUILD)/Testing/Temporary/LastTest.log

test-exhaustive: build
	@cd $(BUILD) && ctest -L exhaustive --output-on-failure

# mjverify-mpi against the single-process verify (label `mpi`; built when Open MPI is found).
test-mpi: build
	@cd $(BUILD) && ctest -L mpi --output-on-failure

verify: build
	@cmake --build $(BUILD) --target verify

verify-all: build
	@cmake --build $(BUILD) --target verify-all

# The 34-kind riichi run in resumable pieces under an hour each, merged into reports/riichi34.md
# (scripts/riichi34.sh; `scripts/riichi34.sh plan` lists the pieces and their estimates).
riichi34: build
	@export MJ=$(BUILD)/cli/mjverify MJ_MPI=$(BUILD)/cli/mjverify-mpi; \
	  sh scripts/riichi34.sh run && sh scripts/riichi34.sh merge

# Shanten and effective tiles of every 34-kind riichi and sanma hand, in resumable pieces of
# under an hour each on 2 cores, merged into reports/shanten.md (`scripts/shanten.sh plan` lists them).
shanten-reports: build
	@MJ=$(BUILD)/cli/mjverify sh scripts/shanten.sh run && MJ=$(BUILD)/cli/mjverify sh scripts/shanten.sh merge

bench: build
	@cmake --build $(BUILD) --target bench

# The Dou Dizhu sets alone (also part of `make bench`), and the long 17v17 and 20v17 sets.
bench-ddz: build
	@cmake --build $(BUILD) --target bench-ddz

bench-ddz-full: build
	@cmake --build $(BUILD) --target bench-ddz-full

report: build
	@cmake --build $(BUILD) --target report

# bench, verify and report write into $(BUILD)/reports; this copies a new set into reports/ to commit
reports-commit: build
	@cmake --build $(BUILD) --target reports-commit

fuzz:
	@sh scripts/deps.sh fuzz
	@CC=clang-14 cmake -S . -B $(BUILD)-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMJ_FUZZ=ON >/dev/null
	@cmake --build $(BUILD)-fuzz -j $(JOBS) --target fuzz-all
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh fuzz/run.sh $(BUILD)-fuzz

clean:
	rm -rf $(BUILD) $(BUILD)-fuzz $(BUILD)-asan

# ddz verify --positions: every Dou Dizhu solver against the retrograde oracle on the full deck's
# 4-card universe (one report per convention) and the reduced deck's 7-card one with at most 8
# cards in the two hands, reports in reports/ (ddz/oracle/README.md: the counts and the times).
.PHONY: ddz-verify
ddz-verify: build
	@for r in rlcard douzero; do \
	  $(BUILD)/ddz/ddz verify --positions --deck full --max-cards 4 --rules $$r --threads 0 \
	    --json reports/ddz-verify-full-4-$$r.json --report reports/ddz-verify-full-4-$$r.md || exit 1; done
	@$(BUILD)/ddz/ddz verify --positions --deck small --max-cards 7 --max-total 8 --threads 0 \
	  --json reports/ddz-verify-small-7-total-8.json --report reports/ddz-verify-small-7-total-8.md
