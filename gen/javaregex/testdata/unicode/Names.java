import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.Deflater;

/**
 * Writes charnames.z: what Java 17's Character.codePointOf accepts (and so
 * Pattern's \N{NAME}), for gen/javaregex. codePointOf(s) is the code point
 * whose Character.getName equals s.trim().toUpperCase(Locale.ROOT): either
 * a name from the JDK's table, or, for an assigned code point without one,
 * its block's name and its hex value ("CJK UNIFIED IDEOGRAPHS 4E00").
 *
 * Usage (run by gen.sh): java Names out.z
 * or, for TestJavaCharNames, java Names --list out.txt: every code point
 * (hex) and its getName, one a line.
 *
 * The file is zlib-compressed ASCII text in three sections, each ended by
 * an empty line:
 *   - "LO HI PREFIX": every code point c in LO..HI (hex) is named
 *     PREFIX + " " + its upper-case hex;
 *   - every other name in code point order, front-coded: the difference
 *     from the previous code point in hex (omitted when 1), ";", one byte
 *     32+k where k is the length of the prefix shared with the previous
 *     name, the rest of the name;
 *   - "C STRING": the non-ASCII code points C (hex) whose upper case is
 *     STRING, all ASCII (so they can spell a name once upper-cased).
 */
public class Names {
    public static void main(String[] args) throws Exception {
        if (args[0].equals("--list")) {
            StringBuilder list = new StringBuilder();
            for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
                String name = Character.getName(cp);
                if (name != null) {
                    list.append(Integer.toHexString(cp)).append(';').append(name).append('\n');
                }
            }
            Files.write(Path.of(args[1]), list.toString().getBytes(StandardCharsets.US_ASCII));
            return;
        }
        StringBuilder runs = new StringBuilder(), table = new StringBuilder(), upper = new StringBuilder();
        int runLo = -1, runHi = -1, prevCp = 0;
        String runPrefix = null, prevName = "";
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            String name = Character.getName(cp);
            if (name == null) {
                continue;
            }
            String hex = " " + Integer.toHexString(cp).toUpperCase(Locale.ROOT);
            if (name.endsWith(hex)) {
                String prefix = name.substring(0, name.length() - hex.length());
                if (prefix.equals(runPrefix) && runHi == cp - 1) {
                    runHi = cp;
                    continue;
                }
                if (runPrefix != null) {
                    runs.append(Integer.toHexString(runLo)).append(' ').append(Integer.toHexString(runHi)).append(' ').append(runPrefix).append('\n');
                }
                runLo = runHi = cp;
                runPrefix = prefix;
                continue;
            }
            if (Character.codePointOf(name) != cp) {
                throw new IllegalStateException("codePointOf(getName(" + cp + ")) differs");
            }
            int k = 0;
            while (k < Math.min(Math.min(name.length(), prevName.length()), 200) && name.charAt(k) == prevName.charAt(k)) {
                k++;
            }
            if (cp - prevCp != 1) {
                table.append(Integer.toHexString(cp - prevCp));
            }
            table.append(';').append((char) (32 + k)).append(name, k, name.length()).append('\n');
            prevCp = cp;
            prevName = name;
        }
        runs.append(Integer.toHexString(runLo)).append(' ').append(Integer.toHexString(runHi)).append(' ').append(runPrefix).append('\n');
        for (int cp = 0x80; cp <= Character.MAX_CODE_POINT; cp++) {
            String up = new String(Character.toChars(cp)).toUpperCase(Locale.ROOT);
            if (up.chars().allMatch(c -> c < 0x80)) {
                upper.append(Integer.toHexString(cp)).append(' ').append(up).append('\n');
            }
        }
        byte[] text = (runs + "\n" + table + "\n" + upper + "\n").getBytes(StandardCharsets.ISO_8859_1);
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        d.setInput(text);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        Files.write(Path.of(args[0]), out.toByteArray());
    }
}
