// A run of one character cut from the end (or the start) of a text. `text.replace(/\n+$/, "")` looks
// the same but is quadratic on a long run that is not at the end: the regex is tried from every
// position in the run, and each try scans to the run's end before it finds no end of text there
// (200,000 blank lines before a last line: seconds). This looks at each character once.

/** `text` without the run of `char` (one UTF-16 unit: "\n", ".", "/") at its end. */
export function trimTrailing(text: string, char: string): string {
  const code = char.charCodeAt(0);
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === code) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` without the run of `char` at its start. */
export function trimLeading(text: string, char: string): string {
  const code = char.charCodeAt(0);
  let start = 0;
  while (start < text.length && text.charCodeAt(start) === code) start++;
  return start === 0 ? text : text.slice(start);
}
