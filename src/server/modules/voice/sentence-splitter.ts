/**
 * Cuts streamed reply text into sentences so each can be spoken while the model is still writing
 * (DESIGN §8). A sentence ends at . ! ? or … followed by a space, or at a line break; a run-on
 * stretch is cut at a comma or space once it is long, so the first audio is never held back long.
 */
const SENTENCE_END = /[.!?…]+["')\]]*\s+|\n+/g;
/** Past this length a piece is cut at the last comma (or space) even without a full stop. */
const LONG_PIECE = 220;
/** Pieces shorter than this wait for more text ("Hi." alone sounds clipped). */
const SHORT_PIECE = 12;

export class SentenceSplitter {
  #buffer = '';

  /** Adds streamed text; returns the sentences it completed. */
  push(text: string): string[] {
    this.#buffer += text;
    const sentences: string[] = [];
    let start = 0;
    for (const match of this.#buffer.matchAll(SENTENCE_END)) {
      const end = match.index + match[0].length;
      const candidate = this.#buffer.slice(start, end).trim();
      if (candidate.length < SHORT_PIECE && !match[0].includes('\n')) continue;
      if (candidate !== '') sentences.push(candidate);
      start = end;
    }
    this.#buffer = this.#buffer.slice(start);
    while (this.#buffer.length > LONG_PIECE) {
      const window = this.#buffer.slice(0, LONG_PIECE);
      const cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; ')) + 1 || window.lastIndexOf(' ');
      const at = cut > 0 ? cut : LONG_PIECE;
      sentences.push(this.#buffer.slice(0, at).trim());
      this.#buffer = this.#buffer.slice(at);
    }
    return sentences;
  }

  /** What is left at the end of the reply. */
  flush(): string[] {
    const rest = this.#buffer.trim();
    this.#buffer = '';
    return rest === '' ? [] : [rest];
  }
}
