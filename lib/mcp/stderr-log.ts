// What a stdio server last wrote to stderr: the last lines it printed, across its restarts, for
// its page and for the one line that explains a failure. Lines are masked as they are stored,
// not as they are shown, so that no reader of the buffer ever holds a secret the config gave.
import { echoRedactor } from "@/lib/domain/redact-echoes";
import { redactConnectionStrings } from "@/lib/domain/redact";
import { serverSecretValues, type ServerConfig } from "../domain/server-config";

export const STDERR_LINES = 200;
export const STDERR_LINE_CHARS = 1_000;

/** `at`: when the line was written (its first character arrived). */
export type StderrLine = { at: string; text: string };

// Colour and cursor sequences, and other control characters but tab: terminal decoration, not text.
const CONTROL = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]|[\x00-\x08\x0b-\x1f\x7f]/g;

/** Masks a line with these secrets: the audit log's spellings of each, and connection-string passwords. */
export function stderrMask(secrets: readonly string[]): (line: string) => string {
  const redactor = echoRedactor(secrets);
  return (line) => redactConnectionStrings(redactor.text(line));
}

/** A server's log, masking the secrets its config holds (server-config.ts decides which). */
export function stderrLogFor(config: ServerConfig): StderrLog {
  const secrets = serverSecretValues(config);
  // As long as the longest way one is spelled (masking looks for it JSON-escaped and URL-encoded too).
  const longest = Math.max(0, ...secrets.map((s) => Math.max(JSON.stringify(s).length, encodeURIComponent(s).length)));
  return new StderrLog(stderrMask(secrets), longest);
}

export class StderrLog {
  /** A ring: `next` is where the next line goes once it is full. */
  private readonly ring: StderrLine[] = [];
  private next = 0;
  /** The line being written, raw, and when it began; held only up to what can be masked safely. */
  private partial = "";
  private partialAt = 0;
  private clipped = false;
  /** Lines stored since the current process started (for the explanation of its failure). */
  private sinceStart = 0;

  /** `longestSecret`: a partial line keeps this much beyond the cap, so that a secret across the cap is still seen whole. */
  constructor(
    private readonly mask: (line: string) => string,
    private readonly longestSecret = 0,
    private readonly maxLines = STDERR_LINES,
    private readonly maxChars = STDERR_LINE_CHARS,
  ) {}

  /** A new process starts: what it writes is its own (a line the last one left unfinished is kept as it was). */
  started(): void {
    this.flush();
    this.sinceStart = 0;
  }

  append(chunk: string, now = Date.now()): void {
    const parts = chunk.split("\n");
    for (let i = 0; i < parts.length; i++) {
      this.take(parts[i]!, now);
      if (i < parts.length - 1) this.flush();
    }
  }

  private take(text: string, now: number): void {
    if (!text) return;
    if (!this.partial && !this.clipped) this.partialAt = now;
    const room = this.maxChars + this.longestSecret - this.partial.length;
    if (text.length > room) this.clipped = true;
    this.partial += text.slice(0, Math.max(0, room));
  }

  private flush(): void {
    if (!this.partial && !this.clipped) return;
    this.store({ at: new Date(this.partialAt).toISOString(), text: this.masked() });
    this.partial = "";
    this.clipped = false;
  }

  /**
   * The partial line masked and capped. Cut short, its last `longestSecret` characters go too: a
   * secret's beginning may be there, unrecognisable without its end (a line that long loses a little).
   */
  private masked(): string {
    let text = this.mask(this.partial.replace(CONTROL, ""));
    // A connection string cut before its "@" is not recognised as one: its password goes too.
    if (this.clipped) text = text.slice(0, Math.max(0, text.length - this.longestSecret)).replace(/[a-z0-9+.-]+:\/\/[^\s@/]*$/i, "");
    return text.length > this.maxChars || this.clipped ? `${text.slice(0, this.maxChars)}…` : text;
  }

  private store(line: StderrLine): void {
    if (this.ring.length < this.maxLines) this.ring.push(line);
    else this.ring[this.next] = line;
    this.next = (this.next + 1) % this.maxLines;
    this.sinceStart++;
  }

  /** Every line kept, oldest first, with the one being written last. */
  lines(): StderrLine[] {
    const ordered = this.ring.length < this.maxLines ? [...this.ring] : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    if (this.partial || this.clipped) ordered.push({ at: new Date(this.partialAt).toISOString(), text: this.masked() });
    return ordered.slice(-this.maxLines);
  }

  /** What the current process has written, as text (masked): for the line that explains its failure. */
  currentText(): string {
    const count = Math.min(this.sinceStart, this.ring.length) + (this.partial || this.clipped ? 1 : 0);
    if (count === 0) return "";
    return this.lines()
      .slice(-count)
      .map((line) => line.text)
      .join("\n");
  }

  /** A reason a server stopped, with the last lines it wrote (a stdio server's own words for it). */
  withTail(reason: string): string {
    const tail = this.currentText().trim().split("\n").slice(-3).join(" | ");
    return tail ? `${reason} (stderr: ${tail})` : reason;
  }
}
