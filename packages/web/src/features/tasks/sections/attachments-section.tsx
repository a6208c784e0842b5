/**
 * Attachments (spec 2 §3, §7): drop files on the area (or pick them) to upload, image previews
 * for jpeg, jpg, png, bmp and gif, an image chosen as the task's cover, download and delete.
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconDownload,
  IconFile,
  IconPhotoOff,
  IconPhotoStar,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, type Ref, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Attachment,
  attachmentBlob,
  attachmentsOf,
  deleteAttachment,
  isPreviewable,
  uploadAttachments,
} from '../../../api/attachments';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { formatFileSize } from '../../../ui/file-size';
import { showError, showSuccess } from '../../../ui/notices';
import { useObjectUrl } from '../../../ui/use-object-url';
import { formatDateTime } from '../task-dates';
import type { TaskEditor } from '../use-task-editor';

export interface AttachmentsHandle {
  pickFiles: () => void;
  upload: (files: File[]) => void;
}

function Preview({ taskId, attachment }: { taskId: number; attachment: Attachment }) {
  const { t } = useTranslation();
  const preview = useQuery({
    queryKey: ['tasks', 'detail', taskId, 'attachment', attachment.id, 'preview'],
    queryFn: ({ signal }) => attachmentBlob(taskId, attachment.id, 'md', signal),
    staleTime: Infinity,
  });
  const url = useObjectUrl(preview.data);
  if (!url) return <IconFile size={40} stroke={1.2} aria-hidden="true" />;
  return (
    <Image
      src={url}
      alt={t('tasks.attachments.preview', { name: attachment.file.name })}
      h={120}
      fit="cover"
      radius="sm"
    />
  );
}

/** The task's cover (shown on kanban cards) is one of its image attachments, saved with the task. */
function CoverAction({ editor, attachment }: { editor: TaskEditor; attachment: Attachment }) {
  const { t } = useTranslation();
  const isCover = attachment.id === editor.task.coverImageAttachmentId;
  const label = isCover ? t('tasks.attachments.removeCover') : t('tasks.attachments.setCover');
  return (
    <ActionIcon
      data-tip={label}
      variant={isCover ? 'light' : 'subtle'}
      color={isCover ? 'blue' : 'gray'}
      aria-label={label}
      onClick={() =>
        editor.save(
          { coverImageAttachmentId: isCover ? 0 : attachment.id },
          { message: isCover ? t('tasks.attachments.coverRemoved') : t('tasks.attachments.coverSet') },
        )
      }
    >
      {isCover ? <IconPhotoOff size={16} /> : <IconPhotoStar size={16} />}
    </ActionIcon>
  );
}

async function download(taskId: number, attachment: Attachment) {
  const blob = await attachmentBlob(taskId, attachment.id);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function AttachmentsSection({
  editor,
  handle,
}: {
  editor: TaskEditor;
  handle: Ref<AttachmentsHandle>;
}) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const attachments = attachmentsOf(editor.task);
  const taskId = editor.task.id;

  async function upload(files: File[]) {
    if (files.length === 0 || !editor.canWrite) return;
    setUploading(true);
    try {
      const result = await uploadAttachments(taskId, files);
      for (const failure of result.errors ?? []) showError(t, new Error(failure.message));
      if ((result.success ?? []).length > 0) showSuccess(t, t('tasks.attachments.uploaded'));
    } catch (error) {
      showError(t, error);
    } finally {
      setUploading(false);
      await editor.reload();
    }
  }

  useImperativeHandle(handle, () => ({
    pickFiles: () => input.current?.click(),
    upload: (files) => void upload(files),
  }));

  function onDrop(event: DragEvent) {
    event.preventDefault();
    event.stopPropagation();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  }

  return (
    <Stack gap="sm">
      {editor.canWrite && (
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          p="md"
          style={{
            border: `2px dashed var(--mantine-color-${dragging ? 'blue-5' : 'default-border'})`,
            borderRadius: 'var(--mantine-radius-md)',
            background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
            textAlign: 'center',
          }}
          data-testid="attachment-dropzone"
        >
          <Stack gap={6} align="center">
            <Text size="sm" c="dimmed">
              {t('tasks.attachments.drop')}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={uploading}
              onClick={() => input.current?.click()}
            >
              {t('tasks.attachments.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label={t('tasks.attachments.choose')}
              onChange={(event) => {
                void upload([...(event.currentTarget.files ?? [])]);
                event.currentTarget.value = '';
              }}
            />
          </Stack>
        </Box>
      )}
      {attachments.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {attachments.map((attachment) => (
            <Card key={attachment.id} withBorder padding="xs" radius="md" data-testid="attachment">
              <Card.Section>
                <Box
                  h={120}
                  pos="relative"
                  style={{
                    display: 'grid',
                    placeItems: 'center',
                    background: 'var(--mantine-color-default-hover)',
                  }}
                >
                  {isPreviewable(attachment.file.name) ? (
                    <Preview taskId={taskId} attachment={attachment} />
                  ) : (
                    <IconFile size={40} stroke={1.2} aria-hidden="true" />
                  )}
                  {attachment.id === editor.task.coverImageAttachmentId && (
                    <Badge
                      pos="absolute"
                      top={8}
                      left={8}
                      size="sm"
                      variant="filled"
                      color="dark"
                      leftSection={<IconPhotoStar size={12} />}
                    >
                      {t('tasks.attachments.cover')}
                    </Badge>
                  )}
                </Box>
              </Card.Section>
              <Stack gap={2} mt="xs">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  ta="left"
                  style={{ wordBreak: 'break-all' }}
                  onClick={() => void download(taskId, attachment).catch((error) => showError(t, error))}
                >
                  {attachment.file.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatFileSize(attachment.file.size, i18n.language)} ·{' '}
                  {formatDateTime(new Date(attachment.created), i18n.language)}
                </Text>
                <Group gap={4} justify="flex-end">
                  <ActionIcon
                    data-tip={t('tasks.attachments.download')}
                    variant="subtle"
                    color="gray"
                    aria-label={t('tasks.attachments.download')}
                    onClick={() => void download(taskId, attachment).catch((error) => showError(t, error))}
                  >
                    <IconDownload size={16} />
                  </ActionIcon>
                  {editor.canWrite && isPreviewable(attachment.file.name) && (
                    <CoverAction editor={editor} attachment={attachment} />
                  )}
                  {editor.canWrite && (
                    <ActionIcon
                      data-tip={t('tasks.attachments.delete')}
                      variant="subtle"
                      color="red"
                      aria-label={t('tasks.attachments.delete')}
                      onClick={() => setDeleting(attachment)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('tasks.attachments.deleteTitle')}
        message={t('tasks.attachments.deleteConfirm', { name: deleting?.file.name ?? '' })}
        confirmLabel={t('tasks.attachments.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target)
            void editor.run(() => deleteAttachment(taskId, target.id), t('tasks.attachments.deleted'));
        }}
      />
    </Stack>
  );
}
