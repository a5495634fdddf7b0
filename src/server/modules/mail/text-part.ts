/**
 * The plain-text part of a message written to a file, as a person reads it in a text editor (decision 063): 7bit or
 * 8bit, never quoted-printable, whose soft line breaks and `=3D` split a link in two and leave a copied link broken.
 * nodemailer encodes any text line over 76 characters as quoted-printable whatever header is asked for, so the part
 * is handed to it whole, headers included (a node's `raw`).
 */

/** RFC 5322 §2.1.1 and RFC 2045 §2.8: at most 998 octets on a line before its CRLF. */
export const MAX_LINE_OCTETS = 998;

const utf8 = new TextEncoder();
const octets = (text: string) => utf8.encode(text).length;

/**
 * A line of at most MAX_LINE_OCTETS, as many as it takes: broken at the last space that fits, else between two
 * characters. Only a person's words can be that long (an address is a few dozen characters, alone on its line).
 */
function fitted(line: string): string[] {
  const lines: string[] = [];
  let rest = line;
  while (octets(rest) > MAX_LINE_OCTETS) {
    let end = 0;
    let used = 0;
    let space = -1;
    for (const char of rest) {
      const size = octets(char);
      if (used + size > MAX_LINE_OCTETS) break;
      if (char === ' ' || char === '\t') space = end;
      used += size;
      end += char.length;
    }
    const cut = space > 0 ? space : end;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(space > 0 ? cut + 1 : cut);
  }
  lines.push(rest);
  return lines;
}

/** Whether the part needs 8bit (any character beyond ASCII) or is 7bit. */
export const needsEightBit = (text: string) => /[^\p{ASCII}]/u.test(text);

/**
 * `text` as a complete MIME part: its headers, a blank line, then the text with CRLF line ends, no NUL (which neither
 * 7bit nor 8bit allows) and no line over MAX_LINE_OCTETS.
 */
export function plainTextPart(text: string): string {
  const body = text
    .replace(/\0/g, '')
    .split(/\r\n|\r|\n/)
    .flatMap(fitted)
    .join('\r\n');
  return `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: ${needsEightBit(body) ? '8bit' : '7bit'}\r\n\r\n${body}`;
}
