import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useT } from '../../i18n';
import { useSheetNextSteps } from './next-steps-api';
import { PropertyNextSteps, settled } from './property-next-steps';

/** The operator's fact sheet: what this hotel still lacks for it, stale sections, seasons ended. */
export function SheetNextSteps({ id }: { id: number }) {
  const data = useSheetNextSteps(id).data;
  const t = useT();
  if (!data || settled(data)) return null;
  const count = data.partners.reduce((n, p) => n + p.items.length, 0) + data.stale.length + data.seasonal.length;
  return (
    <Accordion variant="outlined" disableGutters sx={{ mb: 2 }} data-testid="sheet-next-steps">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>{t('next-steps.sheet_summary', { count })}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <PropertyNextSteps data={data} viewer="operator" showProperty={false} />
      </AccordionDetails>
    </Accordion>
  );
}
