// Package fuzz holds destgen's native Go fuzz targets (go test -fuzz):
//
//   - FuzzExample: the checked-in generated package generated/example
//     against the reference interpreter, on arbitrary names and callers;
//   - FuzzConfig: the whole front end and generator on arbitrary config
//     bytes: never a panic, either positioned diagnostics or Go source that
//     parses;
//   - FuzzPolicyPattern: Java regex policy patterns through the config
//     path: a rejection points inside the pattern's JSON string, an
//     accepted pattern compiles and generates.
//   - FuzzPolicyIndex: the policy index AutoCreate runs, built from a
//     crowded random config of up to 24 policies, against the reference
//     interpreter's loop over all of them.
//   - FuzzCompiled: configs decoded from the fuzzer's bytes, with elements
//     and literals at the lengths the runtime branches on and optionally
//     thousands of destinations, compiled in-process (plan, matcher,
//     policy index) and compared with the reference interpreter on every
//     answer (internal/difftest);
//   - FuzzLive: live.Realm, compiled in-process, against the reference
//     interpreter on arbitrary names and callers, as FuzzExample;
//   - FuzzLiveConfig: live.Compile and Holder.Update on arbitrary config
//     bytes: rejected exactly when destgen rejects, with positioned
//     diagnostics and the served realm unchanged, else answering as the
//     reference.
//
// gen/javaregex has its own FuzzTranslate on the translator alone.
//
// Plain `go test` runs every target on its seeds (the example configs, the
// table tests' inputs and the crashers committed under
// testdata/fuzz/<Target>/). campaign.sh (`make fuzz FUZZTIME=30s`) fuzzes
// every target of the module in turn, unattended, and reports new
// crashers.
package fuzz
