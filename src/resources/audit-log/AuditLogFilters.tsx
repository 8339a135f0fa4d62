import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useGetList, useGetOne, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { useMemo, useState } from 'react';
import { DatePickerField, validateDateText } from '../../components/datePicker';
import { EARLIEST_PORTAL_DATE, formatDate, LATEST_PORTAL_DATE, parseGermanDate } from '../../domain/dates';
import { DROPDOWN_PAGE_SIZE } from '../../domain/paging';
import { ACTION_CHOICES } from './auditLogRows';
import { T } from './names';

/** The filters of GET /api/audit as the list holds them (every one optional, as the API's query). */
export interface AuditLogFilterValues {
  from?: string;
  to?: string;
  actorId?: string;
  companyId?: string;
  action?: string;
}

interface Person extends RaRecord {
  firstName: string;
  lastName: string;
  email: string;
}

const personName = (person: Person) => `${person.firstName} ${person.lastName}`.trim() || person.email;
const byName = (a: Person, b: Person) => personName(a).localeCompare(personName(b), 'de');
const allPages = { page: 1, perPage: DROPDOWN_PAGE_SIZE };
const serverOrder = { field: 'id', order: 'ASC' as const };

/**
 * 'Zeitraum von/bis', 'Person', 'Firma' (the provider's administrators only: an Owner reads their
 * own company's rows anyway) and 'Aktion' above the list. Nobody types an id: the people are the
 * administrators and, for a company (the one chosen, or the Owner's own), its people; a company
 * is found by its name.
 */
export function AuditLogFilters({ ownCompanyId }: { ownCompanyId: string | null }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filters = filterValues as AuditLogFilterValues;
  const administrators = ownCompanyId === null;
  const set = (key: keyof AuditLogFilterValues, value: string | null | undefined) => {
    const next: AuditLogFilterValues = { ...filters, [key]: value || undefined };
    // A person of the company left is no choice any more.
    if (key === 'companyId' && filters.actorId) next.actorId = undefined;
    setFilters(Object.fromEntries(Object.entries(next).filter(([, v]) => v)), undefined, false);
  };
  const peopleCompanyId = ownCompanyId ?? filters.companyId;
  const { data: admins = [] } = useGetList<Person>(
    'administration',
    { pagination: allPages, sort: { field: 'lastName', order: 'ASC' } },
    { enabled: administrators },
  );
  const { data: companyPeople = [] } = useGetList<Person>(
    'company-users',
    { pagination: allPages, sort: serverOrder, filter: { companyId: peopleCompanyId } },
    { enabled: !!peopleCompanyId },
  );
  const people = useMemo(
    () => [...(peopleCompanyId ? companyPeople : []), ...(administrators ? admins : [])].sort(byName),
    [admins, companyPeople, peopleCompanyId, administrators],
  );
  const hasFilters = Object.values(filters).some(Boolean);

  return (
    <Box
      component="fieldset"
      sx={{ border: 0, m: 0, p: 2, pb: 0, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <Box component="legend" sx={{ p: 0, mb: 1, fontWeight: 500 }}>
        {translate(`${T}.filters`)}
      </Box>
      <DayFilter
        name="from"
        label={translate(`${T}.from`)}
        value={filters.from}
        onChange={(day) => set('from', day)}
        min={EARLIEST_PORTAL_DATE}
        max={filters.to ?? LATEST_PORTAL_DATE}
      />
      <DayFilter
        name="to"
        label={translate(`${T}.to`)}
        value={filters.to}
        onChange={(day) => set('to', day)}
        min={filters.from ?? EARLIEST_PORTAL_DATE}
        max={LATEST_PORTAL_DATE}
      />
      {administrators ? <CompanyFilter value={filters.companyId} onChange={(id) => set('companyId', id)} /> : null}
      <TextField
        select
        size="small"
        label={translate(`${T}.actor`)}
        value={people.some((p) => p.id === filters.actorId) ? filters.actorId : ''}
        onChange={(event) => set('actorId', event.target.value)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{translate(`${T}.all`)}</MenuItem>
        {people.map((person) => (
          <MenuItem key={person.id} value={person.id}>
            {personName(person)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate(`${T}.action`)}
        value={filters.action ?? ''}
        onChange={(event) => set('action', event.target.value)}
        sx={{ minWidth: 200, maxWidth: '100%' }}
      >
        <MenuItem value="">{translate(`${T}.all`)}</MenuItem>
        {ACTION_CHOICES.map((choice) => (
          <MenuItem key={choice.id} value={choice.id}>
            {choice.name}
          </MenuItem>
        ))}
      </TextField>
      {hasFilters ? (
        <Button size="small" onClick={() => setFilters({}, undefined, false)}>
          {translate(`${T}.resetFilters`)}
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * 'Zeitraum von' or 'bis' as the portal's date field: the day typed as TT.MM.JJJJ (in every browser
 * language, unlike a native date input) or chosen in the calendar. The list follows once the text
 * is a day the period allows; emptied, the filter goes. A filter set elsewhere (reset, the address)
 * shows in the field.
 */
function DayFilter({
  name,
  label,
  value,
  onChange,
  min,
  max,
}: {
  name: string;
  label: string;
  value?: string;
  onChange: (day: string | undefined) => void;
  min: string;
  max: string;
}) {
  const [text, setText] = useState(formatDate(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (parseGermanDate(text) !== (value ?? null)) setText(formatDate(value));
  }
  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      onChange(undefined);
      return;
    }
    // A whole day the period allows (validateDateText: parse, min, max); else the list keeps its filter.
    if (validateDateText(next, { min, max }) === null) onChange(parseGermanDate(next)!);
  };
  // A fixed width: a message below the field wraps instead of widening it and moving the filters beside it.
  return (
    <Box sx={{ width: { xs: '100%', sm: 240 } }}>
      <DatePickerField name={name} label={label} value={text} onChange={change} min={min} max={max} size="small" />
    </Box>
  );
}

interface Company extends RaRecord {
  name: string;
}

/** 'Firma': the companies whose name holds what was typed (GET /api/company?filter=…), by name. */
function CompanyFilter({ value, onChange }: { value?: string; onChange: (id: string | null) => void }) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const { data: chosen } = useGetOne<Company>('companies', { id: value ?? '' }, { enabled: !!value });
  const { data: found = [] } = useGetList<Company>('companies', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'name', order: 'ASC' },
    filter: { q: input },
  });
  const selected = value ? (found.find((c) => c.id === value) ?? chosen ?? null) : null;
  const options = selected && !found.some((c) => c.id === selected.id) ? [selected, ...found] : found;
  return (
    <Autocomplete<Company>
      size="small"
      sx={{ minWidth: 240 }}
      options={options}
      value={selected}
      filterOptions={(all) => all}
      getOptionLabel={(company) => company.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={translate(`${T}.noCompanies`)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setInput(text);
        if (reason === 'clear') setInput('');
      }}
      onChange={(_event, company) => {
        setInput('');
        onChange(company ? String(company.id) : null);
      }}
      renderInput={(params) => (
        <TextField {...params} label={translate(`${T}.company`)} placeholder={translate(`${T}.allCompanies`)} />
      )}
    />
  );
}
