import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { EngineFieldTemplate } from '../form/field-template';
import { GroupCard } from '../form/group-card';
import { SectionField } from '../form/section-field';
import { TableGroup } from '../form/table-group';
import { ChargesWidget, SelectWidget, YesNoWidget } from './choice-widgets';
import { ChipsWidget } from './chips-widget';
import {
  CompactDateWidget,
  CompactSelectWidget,
  CompactTextWidget,
  CompactTimeWidget,
  CompactYesNoWidget,
} from './compact-widgets';
import { CurrencyWidget } from './currency-widget';
import { DocumentWidget } from './document-widget';
import { ColorWidget, CountryWidget, PasswordWidget } from './settings-widgets';
import {
  DateWidget,
  EmailWidget,
  NumberWidget,
  PhoneWidget,
  TextareaWidget,
  TextWidget,
  TimeWidget,
} from './text-widgets';

/**
 * The widget registry: one entry per widget kind the layout resolves (x-ui.widget, or what the
 * field's shape implies), plus the compact twins used in dense tables. Add a kind here and in
 * core/widget-kind.ts to give every schema field of that shape a new control.
 */
export const ENGINE_WIDGETS: RegistryWidgetsType = {
  text: TextWidget,
  textarea: TextareaWidget,
  email: EmailWidget,
  phone: PhoneWidget,
  number: NumberWidget,
  time: TimeWidget,
  date: DateWidget,
  yesno: YesNoWidget,
  charges: ChargesWidget,
  select: SelectWidget,
  rating: SelectWidget,
  chips: ChipsWidget,
  currency: CurrencyWidget,
  compactYesno: CompactYesNoWidget,
  compactSelect: CompactSelectWidget,
  compactText: CompactTextWidget,
  compactTime: CompactTimeWidget,
  compactDate: CompactDateWidget,
  password: PasswordWidget,
  color: ColorWidget,
  country: CountryWidget,
  document: DocumentWidget,
};

/** Templates beside @rjsf/mui's own: the field frame, a group card, a dense table. */
export const ENGINE_TEMPLATES: Partial<TemplatesType> = {
  EngineFieldTemplate,
  EngineGroupTemplate: GroupCard,
  EngineTableGroupTemplate: TableGroup,
};

/** The root field every section form renders through (uiSchema `ui:field: engineSection`). */
export const ENGINE_FIELDS: RegistryFieldsType = { engineSection: SectionField };
