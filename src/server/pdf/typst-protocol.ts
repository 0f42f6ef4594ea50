/** The messages between the printer (printer.ts) and its compiler thread (typst-worker.ts). */

/** A template of src/server/pdf/templates (the file name without `.typ`). */
export type TemplateName = 'fact-sheet' | 'availability-chart' | 'empty';

export interface WorkerSetup {
  /** The templates folder: the compiler's whole world (nothing outside it can be read). */
  templates: string;
  /** Font files (TTF) the compiler may use. */
  fonts: string[];
  /**
   * The compiler's memo keeps what the last `memoPrints` documents used (PDF_MEMO_PRINTS): a
   * document like one of them (the same sheet with one fact changed) lays out only what changed.
   */
  memoPrints: number;
}

export interface CompileRequest {
  id: number;
  template: TemplateName;
  /** The document's model as JSON: the template reads it with json(), never as markup. */
  data: string;
  /** Images the template shows, at `/assets/<name>` of its world. */
  images: { name: string; body: Uint8Array }[];
  /** The PDF's creation date (seconds since 1970). */
  timestamp: number;
  /** A tagged PDF (structure for screen readers and reflow). */
  tagged: boolean;
}

export type CompileReply = { id: number; pdf: Uint8Array } | { id: number; error: string };
