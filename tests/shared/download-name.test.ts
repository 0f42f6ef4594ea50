/**
 * Download names (issue 37 §5): what the file holds in the words of its catalogue message, lower
 * case with hyphens, any script kept; in ASCII for filename=, as written in filename*=UTF-8''….
 */
import { describe, expect, it } from 'vitest';
import { downloadName } from '../../src/shared/download-name.js';
import { asciiName, contentDisposition } from '../../src/server/routing/download-name.js';

describe('a download name', () => {
  it('is the words in lower case, hyphens between them, any script kept', () => {
    expect(downloadName('Hotel Ananas Sóller ficha técnica es', 'pdf')).toBe(
      'hotel-ananas-sóller-ficha-técnica-es.pdf',
    );
    expect(downloadName('«Отель» Сочи: фотографии', 'zip')).toBe('отель-сочи-фотографии.zip');
    // Persian keeps its zero-width non-joiner inside a word ("عکس‌ها"), not at its ends.
    expect(downloadName('هتل پارس عکس‌ها', 'zip')).toBe('هتل-پارس-عکس\u200cها.zip');
    expect(downloadName('../../etc/passwd "x" a/b\\c:d*?<>|', 'pdf')).toBe('etc-passwd-x-a-b-c-d.pdf');
    expect(downloadName(' ¿? ', 'csv')).toBe('download.csv');
    expect(downloadName('x'.repeat(300), 'pdf')).toBe(`${'x'.repeat(120)}.pdf`);
  });

  it('reads in ASCII letters where only a plain name is read', () => {
    expect(asciiName('hotel-ananas-sóller-ficha-técnica-es.pdf')).toBe('hotel-ananas-soller-ficha-tecnica-es.pdf');
    expect(asciiName('export-2026-12-02-۳-هتل.zip')).toMatch(/^export-2026-12-02-3-[a-z-]+\.zip$/);
    expect(asciiName('отель.pdf')).toBe('otel.pdf');
    expect(asciiName('¿?.pdf')).toBe('download.pdf');
    // Already plain: kept as written, capitals too (the chart's Stopsale-{id}.pdf, spec 000 §7).
    expect(asciiName('Stopsale-12.pdf')).toBe('Stopsale-12.pdf');
    expect(asciiName('Hôtel-12.pdf')).toBe('hotel-12.pdf');
  });

  it('goes into Content-Disposition twice: ASCII in filename=, as written in filename*= (RFC 5987)', () => {
    expect(contentDisposition('hotel-sol-photos.zip')).toBe(
      `attachment; filename="hotel-sol-photos.zip"; filename*=UTF-8''hotel-sol-photos.zip`,
    );
    const header = contentDisposition("l'hôtel (1)*.pdf");
    expect(header).toBe(`attachment; filename="l-hotel-1.pdf"; filename*=UTF-8''l%27h%C3%B4tel%20%281%29%2A.pdf`);
    expect(decodeURIComponent(/filename\*=UTF-8''(\S+)$/.exec(header)![1]!)).toBe("l'hôtel (1)*.pdf");
  });
});
