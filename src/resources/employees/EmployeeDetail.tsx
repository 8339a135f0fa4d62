import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FunctionField,
  Labeled,
  LinkBase,
  Loading,
  RecordContextProvider,
  ResourceContextProvider,
  useDataProvider,
  useGetOne,
  useParams,
  usePermissions,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useCallback, useState } from 'react';
import { DetailSection, FieldGrid, ReadOnlyTextFields } from '../../components/detail';
import { useDialogs } from '../../components/dialogs';
import type { LumioDataProvider } from '../../dataProvider';
import { formatDate } from '../../domain/dates';
import { canManageEmployee, employeeRowActions, isAssignableRole, selectableRoles } from '../../domain/employees';
import { roleLabel, type Role } from '../../domain/roles';
import type { Self } from '../../domain/self';
import { userStatusLabel } from '../../domain/userStatus';
import { usePageTitle } from '../../layout/usePageTitle';
import { HistorySection } from '../companies/CompanyHistory';
import { EMPLOYEES_RESOURCE, employeeHistoryKey } from './names';
import type { Employee } from './types';
import { useEmployeeActions } from './useEmployeeActions';

const T = 'app.employees';
const LIST_PATH = `/${EMPLOYEES_RESOURCE}`;

/**
 * employees/{id} (spec "Employee detail"): the person's data read-only, the role select, 'Zurück',
 * and, when the person may be changed (not oneself, not an owner), 'Löschen' and 'Speichern' —
 * or, while the person waits for the company's release, 'Freigeben' and 'Ablehnen', the decisions
 * the list's row offers (a phone shows no table columns; this page is where a phone decides too).
 * Below, the person's history. A failed load shows the error dialog and returns to the list.
 */
export function EmployeeDetail() {
  const translate = useTranslate();
  usePageTitle(translate(`${T}.title`));
  const { id } = useParams<{ id: string }>();
  const { permissions: self } = usePermissions<Self | undefined>();
  const companyId = self?.associatedEntity?.id;
  const { showError } = useDialogs();
  const redirect = useRedirect();
  const onError = useCallback(
    (error: unknown) => {
      void showError(error);
      redirect('list', EMPLOYEES_RESOURCE);
    },
    [redirect, showError],
  );
  const { data: person } = useGetOne<Employee>(
    EMPLOYEES_RESOURCE,
    { id: id ?? '', meta: { companyId } },
    { enabled: Boolean(companyId && id), onError },
  );

  return (
    <Box>
      <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
        {translate(`${T}.title`)}
      </Typography>
      <Card sx={{ p: { xs: 2, md: 3 } }}>
        {self && companyId && person ? (
          <PersonDetails key={`${person.id}:${person.role}`} person={person} self={self} companyId={companyId} />
        ) : (
          <Loading />
        )}
      </Card>
    </Box>
  );
}

function PersonDetails({ person, self, companyId }: { person: Employee; self: Self; companyId: string }) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const { run, changeRole, isPending } = useEmployeeActions(companyId);
  const editable = canManageEmployee(self, person);
  const decisions = employeeRowActions(self, person);
  const [role, setRole] = useState<Role>(person.role);
  const unchanged = role === person.role;

  const save = () => {
    if (isAssignableRole(role)) void changeRole(person, role);
  };
  const remove = async () => {
    if (await run('delete', person)) redirect('list', EMPLOYEES_RESOURCE);
  };
  // A released person stays on the page with the new status; a rejected one is done with here.
  const reject = async () => {
    if (await run('reject', person)) redirect('list', EMPLOYEES_RESOURCE);
  };

  return (
    <ResourceContextProvider value={EMPLOYEES_RESOURCE}>
      <RecordContextProvider value={person}>
        <DetailSection title={`${T}.personalData`}>
          <FieldGrid>
            <ReadOnlyTextFields sources={['salutation', 'firstName', 'lastName', 'email']} />
            <Labeled>
              <FunctionField source="birthDate" render={(p: Employee) => formatDate(p.birthDate)} />
            </Labeled>
            <Labeled>
              <FunctionField source="status" render={(p: Employee) => userStatusLabel(p.status)} />
            </Labeled>
          </FieldGrid>
        </DetailSection>

        <DetailSection title={`${T}.roleSection`}>
          <MuiTextField
            select
            label={translate(`${T}.roleLabel`)}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            disabled={!editable || isPending}
            helperText={editable ? undefined : translate(`${T}.roleHintReadOnly`)}
            sx={{ minWidth: 280 }}
          >
            {selectableRoles(editable).map((option) => (
              <MenuItem key={option} value={option}>
                {roleLabel(option, person.salutation)}
              </MenuItem>
            ))}
          </MuiTextField>
        </DetailSection>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 4 }}>
          <Button component={LinkBase} to={LIST_PATH} variant="outlined" startIcon={<ArrowBack />}>
            {translate(`${T}.back`)}
          </Button>
          <Box sx={{ flex: 1 }} />
          {decisions.reject ? (
            <Button variant="outlined" color="error" disabled={isPending} onClick={() => void reject()}>
              {translate(`${T}.reject.button`)}
            </Button>
          ) : null}
          {decisions.approve ? (
            <Button variant="contained" disabled={isPending} onClick={() => void run('approve', person)}>
              {translate(`${T}.approve.button`)}
            </Button>
          ) : null}
          {editable ? (
            <>
              <Button variant="outlined" color="error" disabled={isPending} onClick={() => void remove()}>
                {translate(`${T}.delete.button`)}
              </Button>
              <Button variant="contained" disabled={unchanged || isPending} onClick={save}>
                {translate(`${T}.save`)}
              </Button>
            </>
          ) : null}
        </Box>

        <HistorySection
          queryKey={employeeHistoryKey(person.id)}
          load={(page) => dataProvider.getEmployeeHistory(companyId, person.id, page)}
        />
      </RecordContextProvider>
    </ResourceContextProvider>
  );
}
