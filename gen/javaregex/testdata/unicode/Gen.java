import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Writes unicode_tables.go: the character sets of Java 17's \p{...}
 * properties and (?U) classes, and Java 17's Character.toUpperCase and
 * toLowerCase, as compact range tables for gen/javaregex.
 *
 * Usage (run by gen.sh): java --add-opens java.base/java.lang=ALL-UNNAMED Gen out.go
 *
 * Every property set is computed by compiling the Java pattern that names it
 * and asking it about every code point (U+0000 to U+10FFFF), so the tables
 * say what Java 17's own regex engine does, not what its documentation says.
 * Scripts and blocks are computed from UnicodeScript.of and UnicodeBlock.of
 * (which is what Java's predicates call) and cross-checked through Pattern
 * on every 61st code point. Name tables (script aliases, block names) are
 * read from the JDK's private maps by reflection.
 */
public class Gen {
    static final int MAX = 0x10FFFF;

    // Names Pattern's forProperty accepts (case-sensitive); candidates that
    // Java 17 rejects are dropped, and a name missing here is caught by the
    // corpus (testdata/cases.txt) recorded against Java.
    static final String[] PROPERTY_NAMES = {
        "Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Me", "Mc", "Nd", "Nl", "No", "Zs", "Zl", "Zp",
        "Cc", "Cf", "Co", "Cs", "Pd", "Ps", "Pe", "Pc", "Po", "Sm", "Sc", "Sk", "So", "Pi", "Pf",
        "L", "M", "N", "Z", "C", "P", "S", "LC", "LD", "L1", "all", "ASCII", "Alnum", "Alpha",
        "Blank", "Cntrl", "Digit", "Graph", "Lower", "Print", "Punct", "Space", "Upper", "XDigit",
        "javaLowerCase", "javaUpperCase", "javaAlphabetic", "javaIdeographic", "javaTitleCase",
        "javaDigit", "javaDefined", "javaLetter", "javaLetterOrDigit", "javaJavaIdentifierStart",
        "javaJavaIdentifierPart", "javaUnicodeIdentifierStart", "javaUnicodeIdentifierPart",
        "javaIdentifierIgnorable", "javaSpaceChar", "javaWhitespace", "javaISOControl", "javaMirrored",
    };

    // Upper-case names CharPredicates.forUnicodeProperty accepts (\p{IsX},
    // any case) and, the POSIX ones, forPOSIXName (under (?U)).
    static final String[] UNICODE_NAMES = {
        "ALPHABETIC", "ASSIGNED", "CONTROL", "HEXDIGIT", "HEX_DIGIT", "IDEOGRAPHIC", "JOINCONTROL",
        "JOIN_CONTROL", "LETTER", "LOWERCASE", "NONCHARACTERCODEPOINT", "NONCHARACTER_CODE_POINT",
        "TITLECASE", "PUNCTUATION", "UPPERCASE", "WHITESPACE", "WHITE_SPACE", "WORD",
        "ALPHA", "LOWER", "UPPER", "SPACE", "PUNCT", "XDIGIT", "ALNUM", "CNTRL", "DIGIT", "BLANK",
        "GRAPH", "PRINT",
    };
    static final String[] POSIX_NAMES = {
        "ALPHA", "LOWER", "UPPER", "SPACE", "PUNCT", "XDIGIT", "ALNUM", "CNTRL", "DIGIT", "BLANK",
        "GRAPH", "PRINT",
    };

    static String[] cps = new String[MAX + 1];

    public static void main(String[] args) throws Exception {
        if (Runtime.version().feature() != 17) {
            throw new IllegalStateException("need Java 17, have " + Runtime.version());
        }
        for (int c = 0; c <= MAX; c++) {
            cps[c] = new String(Character.toChars(c));
        }
        Map<String, int[]> sets = new TreeMap<>();
        List<String> props = new ArrayList<>(), unis = new ArrayList<>();
        for (String n : PROPERTY_NAMES) {
            if (addPattern(sets, "p:" + n, "\\p{" + n + "}")) {
                props.add(n);
            }
        }
        for (String n : UNICODE_NAMES) {
            if (addPattern(sets, "u:" + n, "\\p{Is" + n + "}")) {
                unis.add(n);
            }
        }
        for (String n : POSIX_NAMES) {
            int[] a = setOf("(?U)\\p{" + n + "}"), b = sets.get("u:" + n);
            int[] ai = setOf("(?iU)\\p{" + n + "}"), bi = sets.getOrDefault("u:" + n + "/i", b);
            if (!Arrays.equals(a, b) || !Arrays.equals(ai, bi)) {
                throw new IllegalStateException("(?U)\\p{" + n + "} differs from \\p{Is" + n + "}");
            }
        }
        check("(?U)\\d", sets.get("u:DIGIT"));
        check("(?U)\\s", sets.get("u:WHITESPACE"));
        check("(?U)\\w", sets.get("u:WORD"));

        Map<String, List<String>> scriptNames = scripts(sets);
        Map<String, List<String>> blockNames = blocks(sets);
        write(Path.of(args[0]), sets, props, unis, scriptNames, blockNames);
    }

    /** Adds the set of pattern, and of (?i)pattern when it differs; false if Java rejects it. */
    static boolean addPattern(Map<String, int[]> sets, String key, String pattern) {
        int[] plain;
        try {
            plain = setOf(pattern);
        } catch (PatternSyntaxException e) {
            return false;
        }
        sets.put(key, plain);
        int[] ci = setOf("(?i)" + pattern);
        if (!Arrays.equals(ci, plain)) {
            sets.put(key + "/i", ci);
        }
        if (!Arrays.equals(setOf("(?iu)" + pattern), ci)) {
            throw new IllegalStateException("(?iu) changes " + pattern + ": gen/javaregex assumes it does not");
        }
        return true;
    }

    static void check(String pattern, int[] want) {
        if (!Arrays.equals(setOf(pattern), want)) {
            throw new IllegalStateException(pattern + " differs from its table");
        }
    }

    /** The code points pattern matches, as range boundaries: start, end+1, start, ... */
    static int[] setOf(String pattern) {
        Matcher m = Pattern.compile(pattern).matcher("");
        Boundaries b = new Boundaries();
        for (int c = 0; c <= MAX; c++) {
            b.add(c, m.reset(cps[c]).matches());
        }
        return b.done();
    }

    static final class Boundaries {
        int[] a = new int[64];
        int n;
        boolean in;

        void add(int c, boolean member) {
            if (member != in) {
                if (n == a.length) {
                    a = Arrays.copyOf(a, 2 * n);
                }
                a[n++] = c;
                in = member;
            }
        }

        int[] done() {
            if (in) {
                add(MAX + 1, false);
            }
            return Arrays.copyOf(a, n);
        }
    }

    /** Adds "sc:NAME" per script; returns NAME to the other names UnicodeScript.forName accepts (upper case). */
    static Map<String, List<String>> scripts(Map<String, int[]> sets) throws Exception {
        Map<Character.UnicodeScript, Boundaries> bs = new LinkedHashMap<>();
        for (Character.UnicodeScript s : Character.UnicodeScript.values()) {
            bs.put(s, new Boundaries());
        }
        for (int c = 0; c <= MAX; c++) {
            Character.UnicodeScript of = Character.UnicodeScript.of(c);
            for (Map.Entry<Character.UnicodeScript, Boundaries> e : bs.entrySet()) {
                e.getValue().add(c, e.getKey() == of);
            }
        }
        Map<String, List<String>> names = new TreeMap<>();
        for (Map.Entry<Character.UnicodeScript, Boundaries> e : bs.entrySet()) {
            String name = e.getKey().name();
            int[] set = e.getValue().done();
            crossCheck("\\p{sc=" + name + "}", set);
            sets.put("sc:" + name, set);
            names.put(name, new ArrayList<>());
        }
        Field f = Character.UnicodeScript.class.getDeclaredField("aliases");
        f.setAccessible(true);
        @SuppressWarnings("unchecked")
        Map<String, Character.UnicodeScript> aliases = (Map<String, Character.UnicodeScript>) f.get(null);
        for (Map.Entry<String, Character.UnicodeScript> e : new TreeMap<>(aliases).entrySet()) {
            names.get(e.getValue().name()).add(e.getKey());
        }
        return names;
    }

    /**
     * Adds "blk:NAME" per block; returns NAME to the keys of UnicodeBlock's
     * name map for it, as "NAME" plus the keys other than NAME with '_' made
     * ' ' or removed, when those are keys; otherwise "!" and every key.
     */
    static Map<String, List<String>> blocks(Map<String, int[]> sets) throws Exception {
        Field f = Character.UnicodeBlock.class.getDeclaredField("map");
        f.setAccessible(true);
        @SuppressWarnings("unchecked")
        Map<String, Character.UnicodeBlock> map = (Map<String, Character.UnicodeBlock>) f.get(null);
        Map<Character.UnicodeBlock, Boundaries> bs = new LinkedHashMap<>();
        for (Character.UnicodeBlock b : map.values()) {
            bs.putIfAbsent(b, new Boundaries());
        }
        for (int c = 0; c <= MAX; c++) {
            Character.UnicodeBlock of = Character.UnicodeBlock.of(c);
            Boundaries mine = of == null ? null : bs.get(of);
            for (Boundaries b : bs.values()) {
                b.add(c, b == mine);
            }
        }
        for (Map.Entry<Character.UnicodeBlock, Boundaries> e : bs.entrySet()) {
            int[] set = e.getValue().done();
            crossCheck("\\p{blk=" + e.getKey() + "}", set);
            sets.put("blk:" + e.getKey(), set);
        }
        Map<String, List<String>> keys = new TreeMap<>();
        for (Map.Entry<String, Character.UnicodeBlock> e : new TreeMap<>(map).entrySet()) {
            keys.computeIfAbsent(e.getValue().toString(), k -> new ArrayList<>()).add(e.getKey());
        }
        Map<String, List<String>> names = new TreeMap<>();
        for (Map.Entry<String, List<String>> e : keys.entrySet()) {
            String id = e.getKey();
            List<String> derived = List.of(id, id.replace('_', ' '), id.replace("_", ""));
            List<String> out = new ArrayList<>();
            if (e.getValue().containsAll(derived)) {
                for (String k : e.getValue()) {
                    if (!derived.contains(k)) {
                        out.add(k);
                    }
                }
            } else {
                out.add("!");
                out.addAll(e.getValue());
            }
            names.put(id, out);
        }
        return names;
    }

    static void crossCheck(String pattern, int[] set) {
        Matcher m = Pattern.compile(pattern).matcher("");
        for (int c = 0; c <= MAX; c += 61) {
            if (m.reset(cps[c]).matches() != contains(set, c)) {
                throw new IllegalStateException(pattern + " disagrees at U+" + Integer.toHexString(c));
            }
        }
    }

    static boolean contains(int[] b, int c) {
        int i = Arrays.binarySearch(b, c);
        return i >= 0 ? i % 2 == 0 : (-i - 1) % 2 == 1;
    }

    static void write(Path out, Map<String, int[]> sets, List<String> props, List<String> unis,
                      Map<String, List<String>> scriptNames, Map<String, List<String>> blockNames) throws IOException {
        StringBuilder data = new StringBuilder();
        Map<String, Integer> offsets = new LinkedHashMap<>();
        Map<String, Integer> keyOffset = new TreeMap<>();
        for (Map.Entry<String, int[]> e : sets.entrySet()) {
            String enc = encodeSet(e.getValue());
            Integer off = offsets.get(enc);
            if (off == null) {
                off = data.length();
                offsets.put(enc, off);
                data.append(enc);
            }
            keyOffset.put(e.getKey(), off);
        }
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8))) {
            w.print("// Code generated by testdata/unicode/gen.sh with Java " + Runtime.version() + "; DO NOT EDIT.\n\n");
            w.print("package javaregex\n\n");
            w.print("// uniSets maps the key of a property set (\"p:NAME\" for \\p{NAME}, \"u:NAME\"\n");
            w.print("// for \\p{IsNAME} in upper case, with \"/i\" for the set under\n");
            w.print("// CASE_INSENSITIVE where it differs) to its offset in uniData.\n");
            w.print("var uniSets = map[string]int{\n");
            for (Map.Entry<String, Integer> e : keyOffset.entrySet()) {
                if (e.getKey().startsWith("p:") || e.getKey().startsWith("u:")) {
                    w.print("\t" + quote(e.getKey()) + ": " + e.getValue() + ",\n");
                }
            }
            w.print("}\n\n");
            w.print("// javaPropertyNames are the names Pattern's forProperty accepts (\\p{Lu}, \\p{javaDigit}).\n");
            w.print("var javaPropertyNames = " + stringSet(props) + "\n\n");
            w.print("// javaUnicodeNames are the upper-case names of \\p{IsNAME} binary and POSIX properties.\n");
            w.print("var javaUnicodeNames = " + stringSet(unis) + "\n\n");
            w.print("// javaScripts are Java 17's scripts: the enum name, then the aliases\n");
            w.print("// UnicodeScript.forName also accepts, and the set's offset in uniData.\n");
            w.print("var javaScripts = " + nameList(scriptNames, "sc:", keyOffset) + "\n\n");
            w.print("// javaBlocks are Java 17's blocks: the enum name, then the other names\n");
            w.print("// UnicodeBlock.forName accepts (besides the name with '_' made ' ' or\n");
            w.print("// removed, unless the list starts with \"!\": then exactly those listed),\n");
            w.print("// and the set's offset in uniData.\n");
            w.print("var javaBlocks = " + nameList(blockNames, "blk:", keyOffset) + "\n\n");
            w.print("// javaToUpper and javaToLower are Character.toUpperCase(int) and\n");
            w.print("// toLowerCase(int) where they change the code point, base64 of uvarint\n");
            w.print("// pairs: the delta from the previous code point, the zigzag-encoded change.\n");
            w.print("const javaToUpper = " + base64(caseTable(true)) + "\n\n");
            w.print("const javaToLower = " + base64(caseTable(false)) + "\n\n");
            w.print("// uniData is base64 of every distinct set: a uvarint count of range\n");
            w.print("// boundaries (start, end+1, start, ...), then each as a uvarint delta from\n");
            w.print("// the previous one.\n");
            w.print("const uniData = " + base64(data.toString()) + "\n");
        }
    }

    static String nameList(Map<String, List<String>> names, String prefix, Map<String, Integer> off) {
        StringBuilder b = new StringBuilder("[]uniName{\n");
        for (Map.Entry<String, List<String>> e : names.entrySet()) {
            List<String> all = new ArrayList<>();
            all.add(e.getKey());
            all.addAll(e.getValue());
            b.append("\t{").append(quote(String.join("|", all))).append(", ")
             .append(off.get(prefix + e.getKey())).append("},\n");
        }
        return b.append("}").toString();
    }

    /** A Go raw string literal of the standard base64 of s's bytes, in lines of 76. */
    static String base64(String s) {
        byte[] bytes = new byte[s.length()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) s.charAt(i);
        }
        String enc = java.util.Base64.getEncoder().encodeToString(bytes);
        StringBuilder b = new StringBuilder("`");
        for (int i = 0; i < enc.length(); i += 76) {
            b.append("\n").append(enc, i, Math.min(enc.length(), i + 76));
        }
        return b.append("\n`").toString();
    }

    static String encodeSet(int[] b) {
        StringBuilder s = new StringBuilder();
        uvarint(s, b.length);
        int prev = 0;
        for (int x : b) {
            uvarint(s, x - prev);
            prev = x;
        }
        return s.toString();
    }

    static String caseTable(boolean upper) {
        StringBuilder s = new StringBuilder();
        int prev = 0;
        for (int c = 0; c <= MAX; c++) {
            int m = upper ? Character.toUpperCase(c) : Character.toLowerCase(c);
            if (m != c) {
                uvarint(s, c - prev);
                int d = m - c;
                uvarint(s, (d << 1) ^ (d >> 31));
                prev = c;
            }
        }
        return s.toString();
    }

    /** Appends x as a Go uvarint, one char per byte. */
    static void uvarint(StringBuilder s, int x) {
        while (x >= 0x80) {
            s.append((char) ((x & 0x7f) | 0x80));
            x >>>= 7;
        }
        s.append((char) x);
    }

    /** A Go string literal of s (ASCII). */
    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                b.append(c);
            } else {
                b.append(String.format("\\x%02x", (int) c));
            }
        }
        return b.append('"').toString();
    }

    static String stringSet(List<String> names) {
        StringBuilder b = new StringBuilder("map[string]bool{");
        for (String n : new java.util.TreeSet<>(names)) {
            b.append(quote(n)).append(": true, ");
        }
        return b.append("}").toString();
    }

}
