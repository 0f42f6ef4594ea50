import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useFormat } from '../i18n';

/** One figure of a report, leading to where it is acted on. */
export function Figure({
  value,
  label,
  to,
  hint,
}: {
  value: number | string;
  label: string;
  to: string;
  hint?: string;
}) {
  // A count reads in the language's digits (Persian ۱۲, not 12); a figure given as text is already formatted.
  const format = useFormat();
  const shown = typeof value === 'number' ? format.number(value) : value;
  return (
    <Paper variant="outlined" sx={{ flex: '1 1 150px' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ p: 2, height: '100%' }}
        data-testid="figure"
        aria-label={`${label}: ${shown}`}
      >
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
          {shown}
        </Typography>
        <Typography variant="body2">{label}</Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardActionArea>
    </Paper>
  );
}

export function Figures({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>{children}</Box>;
}

/** A titled block of the reports area. */
export function ReportBlock({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2.5, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}
