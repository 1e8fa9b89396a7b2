/**
 * Kept apart from the CSV writer (csv.ts, loaded on the first export) so list screens can mark their
 * cells without bringing the writer into their download.
 */

/** Text a spreadsheet must show as it was typed, such as a phone number: see `asTypedText`. */
export type CsvTypedText = { readonly typedText: string };

/**
 * A phone number (or other digits people typed) for a spreadsheet to show exactly as typed. Opened
 * as it is, a spreadsheet reads `00493012345` as the number 493012345 and `+442079460958` as
 * 442079460958, and a leading + starts a formula; the apostrophe that defuses formulas in other
 * text stays visible in the cell (`'+44 20 7946 0958`): both checked in LibreOffice 7.4. So text made
 * only of digits, spaces and `+ ( ) - . /` is written as the formula `="+44 20 7946 0958"`: a
 * string literal that can neither run nor reach anything (it holds no quote, letter or reference),
 * which spreadsheets (Excel, LibreOffice, Google Sheets) show as the text itself, + and leading
 * zeros kept. Anything else given this way (a value stored before the phone rule) is defused like
 * any other text.
 */
export const asTypedText = (text: string | null | undefined): CsvTypedText | null => (text ? { typedText: text } : null);
