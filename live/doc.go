// Package live is destgen for brokers that change their config while they
// run: it compiles a config in-process into an immutable Realm, or loads a
// Realm from a plan artifact (destgen -plan), and a Realm answers what a
// generated package answers, through the same runtime and with the same
// answers. A Holder publishes one Realm at a time and replaces it
// atomically, only after the new config has passed every check; Watch
// reloads a Holder when a config file changes, the way Kubernetes updates a
// mounted ConfigMap included.
//
// The model is Broker-J's managed nodeAutoCreationPolicies attribute and
// TIBCO FTL's realm deploy: validate the new definition completely, then
// activate it in one step, or reject it and keep serving the old one.
//
// It assumes nothing of its input: config bytes of any kind give a Realm or
// positioned diagnostics, and a plan artifact of any kind a Realm or an
// error (runtime.DecodePlan validates it). It runs destgen's pipeline
// stages (config, model, lint, plan) itself rather than through package
// gen, so that a broker linking it does not link the code emitter.
package live
