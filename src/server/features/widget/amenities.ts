import type { JsonSchema } from '../../../shared/bundle-types.js';
import { displayValue, type SchemaNode } from '../../../shared/fact-sheet/index.js';
import { documentCodes } from '../../../shared/ota/document-codes.js';
import { schemaAt } from '../../../shared/ota/coverage.js';
import type { WidgetContentWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { sectionsOf } from '../facts/index.js';
import type { SectionDocuments } from '../publications/index.js';
import { translatorOf } from '../../i18n/index.js';

type Amenity = WidgetContentWire['amenities'][number];

/**
 * The hotel's coded amenities for the widget's schema.org data: from every published fact
 * section, each yes/no fact that is yes and each stored value with an OpenTravel hotel amenity
 * code (HAC), named in English (the field's title, or the value's label), once per code. A
 * facility of a partner hotel (PRX offsite) is not the hotel's and is left out. The same
 * declarations as the OTA content and the partner API's ota_codes (schemas/README.md).
 */
export function widgetAmenities(services: Services, documents: SectionDocuments): Amenity[] {
  const options = services.schemas.bundle.options;
  const out = new Map<number, Amenity>();
  for (const section of sectionsOf(services.schemas)) {
    if (section.kind === 'list') continue;
    const doc = documents.get(section.key);
    if (!doc || Array.isArray(doc)) continue;
    const schema = services.schemas.resolved(section.ref) as JsonSchema;
    for (const [path, codes] of Object.entries(documentCodes(schema, doc as Record<string, unknown>, options))) {
      const node = schemaAt(schema, path);
      const raw = path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], doc);
      if (raw === false || codes.some((c) => c.list === 'PRX' && c.code === 2)) continue;
      for (const c of codes) {
        if (c.list !== 'HAC' || out.has(c.code)) continue;
        const name =
          c.value !== null
            ? displayValue(
                {
                  'x-options': node?.items ? (node.items as SchemaNode)['x-options'] : node?.['x-options'],
                } as SchemaNode,
                c.value,
                options,
                translatorOf('en'),
              )
            : String(node?.title ?? path);
        out.set(c.code, { name, list: c.list, code: c.code });
      }
    }
  }
  return [...out.values()];
}
