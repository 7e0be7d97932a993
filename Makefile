# Thin wrapper: install what is missing, configure a Release build in build/, run a CMake target.
BUILD ?= build
JOBS ?= 2
FUZZ_SECONDS ?= 60
CMAKE_FLAGS ?=
PREFIX ?= /usr/local

.PHONY: all deps configure build install test test-exhaustive test-mpi verify verify-all riichi34 bench report reports-commit fuzz clean

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

bench: build
	@cmake --build $(BUILD) --target bench

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
# 4-card universe and the reduced deck's 7-card one, both conventions, reports in reports/
# (ddz/oracle/README.md has the commands, the counts and the time each takes).
.PHONY: ddz-verify
ddz-verify: build
	@for u in "full 4" "small 7"; do set -- $$u; for r in rlcard douzero; do \
	  $(BUILD)/ddz/ddz verify --positions --deck $$1 --max-cards $$2 --rules $$r --threads 0 \
	    --json reports/ddz-verify-$$1-$$2-$$r.json --report reports/ddz-verify-$$1-$$2-$$r.md || exit 1; \
	done; done
