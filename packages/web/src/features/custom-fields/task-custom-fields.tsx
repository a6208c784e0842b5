/**
 * The task detail's custom fields: every field of the task's project, in the project's order,
 * with the task's value, edited in place (custom-field-input.tsx), as attributes of the detail's
 * grid. A change saves only that field's key, at once on screen, rolled back with the catalogue
 * error when the server refuses.
 */
import type { CustomField } from '../../api/custom-fields';
import { Attribute } from '../tasks/detail/attribute';
import type { TaskEditor } from '../tasks/use-task-editor';
import { CustomFieldInput } from './custom-field-input';
import { kindIcons } from './field-kinds';
import { customFieldsOf } from './field-values';

export function CustomFieldAttributes({
  editor,
  fields,
  weekStart,
}: {
  editor: TaskEditor;
  fields: readonly CustomField[];
  weekStart: number;
}) {
  const values = customFieldsOf(editor.task);
  return fields.map((field) => {
    const Icon = kindIcons[field.kind];
    return (
      <Attribute key={field.id} name={`field_${field.id}`} icon={<Icon size={14} />} label={field.title}>
        <CustomFieldInput
          field={field}
          value={values[String(field.id)]}
          projectId={editor.task.projectId}
          canWrite={editor.canWrite}
          weekStart={weekStart}
          onSave={(value) => editor.saveFields({ [String(field.id)]: value })}
        />
      </Attribute>
    );
  });
}
