# Set-up for a newcomer is two commands: `make demo` and `make test`.

DESTGEN := go run ./cmd/destgen
REALM   := examples/realm.json

.PHONY: demo test javaregex-expect fmt

# demo checks the main example, then explains a few names: human-readable
# for a caller holding alice and ops, then as JSON lines. rob.* names show
# QPID-6954 auto-creation; foo.* is not a valid destination name.
demo:
	$(DESTGEN) check -config $(REALM)
	@echo "$(REALM) is valid"
	$(DESTGEN) explain -config $(REALM) -principal alice -principal ops foo.bar foo.boo orders.x.eu rob.exchange.x
	$(DESTGEN) explain -config $(REALM) -json -principal bob foo.bar foo.boo 'foo.*' rob.durable.x rob.exchange.x

# test is what CI runs (.ci/run).
test:
	go vet ./...
	go test ./...

# javaregex-expect regenerates the Java-side expectations of gen/javaregex
# (needs a JDK; see the script).
javaregex-expect:
	gen/javaregex/testdata/regen.sh

# fmt formats package sources only (go fmt skips testdata, whose .go
# files may be deliberately malformed inputs).
fmt:
	go fmt ./...
