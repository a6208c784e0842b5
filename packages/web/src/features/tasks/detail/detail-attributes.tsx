/**
 * The task's attributes (fields/task-fields.tsx) in a grid, then the wide ones (labels) below it;
 * each one only while it has a value or was asked for. The project's custom fields end the grid.
 * An editor's code loads when its attribute is first shown (the place it will take is kept
 * meanwhile), and every editor's as soon as the detail has drawn: not on the way to the first
 * screen, but there when a field is asked for, also once the device is offline.
 */
import { SimpleGrid } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadQuietly } from '../../../app/lazy-page';
import { useSignedInUser } from '../../auth/use-current-user';
import { CustomFieldAttributes } from '../../custom-fields/task-custom-fields';
import { useCustomFields } from '../../custom-fields/use-custom-fields';
import { type TaskField, taskFields } from '../fields/task-fields';
import type { TaskEditor } from '../use-task-editor';
import { Attribute } from './attribute';
import { EditorPlace } from './editor-place';
import type { FieldName, FieldVisibility } from './field-visibility';

export function DetailAttributes({ editor, fields }: { editor: TaskEditor; fields: FieldVisibility }) {
  const { t } = useTranslation();
  const weekStart = useSignedInUser().settings.weekStart;
  // Once the detail is on screen (effects run after it is drawn), not on the way to it: so that a
  // field asked for opens at once, also when the device has gone offline since.
  useEffect(() => {
    for (const field of taskFields) if (field.input) preloadQuietly(field.input);
  }, []);
  const shown = taskFields.filter((field) => field.input && fields.shown(field.name));
  const attribute = (field: TaskField & { name: FieldName }) => {
    const Input = field.input;
    return (
      Input && (
        <Attribute key={field.name} name={field.name} icon={<field.icon size={14} />} label={t(field.label)}>
          <Suspense fallback={<EditorPlace />}>
            <Input editor={editor} weekStart={weekStart} />
          </Suspense>
        </Attribute>
      )
    );
  };
  const grid = shown.filter((field) => !field.wide);
  // The project's custom fields follow the task's own, each always shown.
  const customFields = useCustomFields(editor.task.projectId).data ?? [];
  return (
    <>
      {grid.length + customFields.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
          {grid.map(attribute)}
          <CustomFieldAttributes editor={editor} fields={customFields} weekStart={weekStart} />
        </SimpleGrid>
      )}
      {shown.filter((field) => field.wide).map(attribute)}
    </>
  );
}
