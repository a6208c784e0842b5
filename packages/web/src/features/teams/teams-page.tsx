/**
 * The teams page (spec 2 §2 teams.index, teams.create): the teams the user belongs to, page by
 * page, each leading to its edit page; /teams/new opens the create modal over it.
 */
import { Alert, Anchor, Badge, Card, Pagination, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconUsersGroup } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { fetchTeamPage, type Team, teamKeys } from '../../api/teams';
import { DelayedLoader } from '../../ui/delayed-loader';
import { ListPageHeading } from '../../ui/list-page-heading';
import { TeamCreateModal } from './team-create-modal';
import classes from './teams.module.css';

function TeamRow({ team }: { team: Team }) {
  const { t } = useTranslation();
  const members = team.members?.length ?? 0;
  return (
    <li>
      <Anchor
        component={Link}
        to={`/teams/${team.id}/edit`}
        className={classes.row}
        underline="never"
        c="inherit"
        data-testid="team-entry"
      >
        <IconUsersGroup size={20} stroke={1.6} className={classes.rowIcon} aria-hidden="true" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {team.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t('teams.memberCount', { count: members })}
          </Text>
        </Stack>
        {team.isPublic && (
          <Badge variant="light" color="grape" size="sm">
            {t('teams.public')}
          </Badge>
        )}
        <IconChevronRight size={18} className={classes.rowIcon} aria-hidden="true" />
      </Anchor>
    </li>
  );
}

export function TeamsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const teams = useQuery({
    queryKey: teamKeys.page(page),
    queryFn: () => fetchTeamPage(page),
    placeholderData: keepPreviousData,
  });
  const creating = location.pathname.replace(/\/$/, '').endsWith('/teams/new');

  let content = null;
  if (teams.error) {
    content = (
      <Alert color="red" role="alert">
        {t('common.loadingFailed')}
      </Alert>
    );
  } else if (!teams.data) {
    content = <DelayedLoader label={t('teams.loading')} />;
  } else if (teams.data.teams.length === 0) {
    content = (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="xs">
          <IconUsersGroup size={36} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed" ta="center">
            {t('teams.empty')}
          </Text>
        </Stack>
      </Card>
    );
  } else {
    content = (
      <Stack gap="md">
        <Card withBorder padding={0} radius="md">
          <ul className={classes.list} aria-label={t('teams.title')}>
            {teams.data.teams.map((team) => (
              <TeamRow key={team.id} team={team} />
            ))}
          </ul>
        </Card>
        {teams.data.totalPages > 1 && (
          <Pagination
            total={teams.data.totalPages}
            value={page}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ListPageHeading title={t('teams.title')} createLabel={t('teams.create')} createTo="/teams/new" />
      {content}
      {creating && <TeamCreateModal onClose={() => navigate('/teams')} />}
    </Stack>
  );
}
