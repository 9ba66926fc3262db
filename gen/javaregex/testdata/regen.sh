#!/bin/sh
# Regenerates expected.txt from cases.txt by asking Java 17 itself what
# String.matches answers. Needs a Java 17 JDK (javac and java on PATH, or
# JAVA_HOME set); the Go tests only read the committed expected.txt.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${JAVA_HOME:+$JAVA_HOME/bin/}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
"${bin}javac" -d "$tmp" "$here/JavaMatches.java"
"${bin}java" -cp "$tmp" JavaMatches "$here/cases.txt" "$tmp/expected.txt"
mv "$tmp/expected.txt" "$here/expected.txt"
echo "regenerated $here/expected.txt"
