#!/bin/sh
# Regenerates ../../unicode_tables.go, ../../charnames.z and
# ../../canon_tables.go from Java 17's own regex engine and
# Character tables (Unicode 13). Needs a Java 17 JDK; takes a few minutes.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${JAVA_HOME:+$JAVA_HOME/bin/}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
"${bin}javac" -d "$tmp" "$here/Gen.java"
"${bin}java" -Xmx1g --add-opens java.base/java.lang=ALL-UNNAMED -cp "$tmp" Gen "$tmp/unicode_tables.go"
gofmt "$tmp/unicode_tables.go" > "$here/../../unicode_tables.go"
echo "regenerated $here/../../unicode_tables.go"
"${bin}javac" -d "$tmp" "$here/Names.java"
"${bin}java" -cp "$tmp" Names "$here/../../charnames.z"
echo "regenerated $here/../../charnames.z"
"${bin}javac" -d "$tmp" "$here/Canon.java"
"${bin}java" --add-opens java.base/java.util.regex=ALL-UNNAMED -cp "$tmp" Canon "$tmp/canon_tables.go"
gofmt "$tmp/canon_tables.go" > "$here/../../canon_tables.go"
echo "regenerated $here/../../canon_tables.go"
