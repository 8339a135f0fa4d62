import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import {
  FunctionField,
  LinkBase,
  ListBase,
  TextField,
  useCreatePath,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { MouseEvent } from 'react';
import { EMPTY_VALUE } from '../../components/detail/DetailSection';
import { ListToolbar, LumioDatagrid, LumioPagination, type PhoneRow } from '../../components/list';
import { formatDate } from '../../domain/dates';
import { employeeRowActions, type EmployeeViewer } from '../../domain/employees';
import { DEFAULT_PAGE_SIZE } from '../../domain/paging';
import { roleLabel } from '../../domain/roles';
import { userStatusLabel } from '../../domain/userStatus';
import { EMPLOYEES_RESOURCE } from './names';
import { fullName, type Employee } from './types';
import type { EmployeeAction } from './useEmployeeActions';

const T = 'app.employees';

/** On a phone: the name, the e-mail, role and status. */
const phoneRow: PhoneRow = {
  primaryText: (person: Employee) => fullName(person),
  secondaryText: (person: Employee) => person.email,
  tertiaryText: (person: Employee) =>
    `${roleLabel(person.role, person.salutation)} · ${userStatusLabel(person.status)}`,
};

export interface EmployeeTableProps {
  companyId: Identifier;
  /** 'Zu prüfende Mitarbeitende' only (GET …/user?toApprove=true). */
  pendingOnly?: boolean;
  viewer: EmployeeViewer;
  onAction: (action: EmployeeAction, person: Employee) => void;
  /** An action is running: the row buttons wait. */
  busy: boolean;
}

/**
 * One of the employees page's two tables (spec "Employees"): Anrede, Vorname, Nachname, E-Mail,
 * Geburtsdatum, Rolle, Status and the row's actions, with the generic search, sorting and paging.
 * Each table keeps its own search, sort and page (not in the address: two lists share the page).
 * A row opens employees/{id}; its first name is the same link for the keyboard.
 */
export function EmployeeTable({ companyId, pendingOnly = false, viewer, onAction, busy }: EmployeeTableProps) {
  const actions = <RowActions label={`${T}.actions`} viewer={viewer} onAction={onAction} busy={busy} />;
  return (
    <ListBase
      resource={EMPLOYEES_RESOURCE}
      filter={pendingOnly ? { companyId, toApprove: true } : { companyId }}
      sort={{ field: 'lastName', order: 'ASC' }}
      perPage={DEFAULT_PAGE_SIZE}
      storeKey={false}
      disableSyncWithLocation
    >
      <ListToolbar sx={{ mb: 1 }} />
      <LumioDatagrid rowClick={() => 'edit'} phoneRow={{ ...phoneRow, actions }}>
        <TextField source="salutation" emptyText={EMPTY_VALUE} />
        <PersonLink source="firstName" />
        <TextField source="lastName" />
        <TextField source="email" />
        <FunctionField source="birthDate" render={(person: Employee) => formatDate(person.birthDate)} />
        <FunctionField source="role" render={(person: Employee) => roleLabel(person.role, person.salutation)} />
        <FunctionField source="status" render={(person: Employee) => userStatusLabel(person.status)} />
        {actions}
      </LumioDatagrid>
      <LumioPagination />
    </ListBase>
  );
}

const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/** The first name as a link to employees/{id}, so the keyboard opens what a row click opens. */
function PersonLink({ source }: { source: 'firstName' }) {
  const person = useRecordContext<Employee>();
  const createPath = useCreatePath();
  if (!person) return null;
  return (
    <Link
      component={LinkBase}
      to={createPath({ resource: EMPLOYEES_RESOURCE, id: person.id, type: 'edit' })}
      underline="hover"
      onClick={stopRowClick}
    >
      {person[source]}
    </Link>
  );
}

/** 'Freigeben' and 'Ablehnen' for a pending person, 'Löschen' for the others; none on one's own and owners' rows. */
function RowActions({
  viewer,
  onAction,
  busy,
}: {
  label: string;
  viewer: EmployeeViewer;
  onAction: (action: EmployeeAction, person: Employee) => void;
  busy: boolean;
}) {
  const translate = useTranslate();
  const person = useRecordContext<Employee>();
  if (!person) return null;
  const allowed = employeeRowActions(viewer, person);
  const actions = (['approve', 'reject', 'delete'] as const).filter((action) => allowed[action]);
  if (actions.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'nowrap' }}>
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          variant={action === 'approve' ? 'contained' : 'outlined'}
          color={action === 'approve' ? 'primary' : 'error'}
          disabled={busy}
          onClick={(event) => {
            stopRowClick(event);
            onAction(action, person);
          }}
        >
          {translate(`${T}.${action}.button`)}
        </Button>
      ))}
    </Box>
  );
}
