import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Modal, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useState } from 'react';
import { api, saveBlob, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { uploadFile } from '../../ui/upload';

interface Report {
  imported: number;
  duplicatesSkipped: number;
  failed: Failure[];
}

/** A row of the file that was not imported, and why. */
interface Failure {
  row: number;
  reason: string;
}

const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** Import a CSV or XLSX: drop it, watch it upload, then read the per-row report. */
export function ImportContacts({
  opened,
  onClose,
  onImported,
}: {
  opened: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const [stage, setStage] = useState<'pick' | 'upload' | 'import' | 'done'>('pick');
  const [progress, setProgress] = useState(0);
  const [fileName, setFileName] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async (file: File) => {
    setError(null);
    setFileName(file.name);
    setStage('upload');
    setProgress(0);
    try {
      const fileUrl = await uploadFile(file, 'imports', setProgress);
      setStage('import');
      const result = await unwrap(api.POST('/api/v1/contacts/import-file', { body: { fileUrl } }));
      setReport(result);
      setStage('done');
      onImported();
    } catch (err) {
      setError(errorText(err));
      setStage('pick');
    }
  };

  const close = () => {
    setStage('pick');
    setReport(null);
    setError(null);
    onClose();
  };

  const downloadFailures = () => {
    if (!report) return;
    const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
    const csv = ['row,reason', ...report.failed.map((f) => `${f.row},${quote(f.reason)}`)].join('\r\n');
    saveBlob(
      new Blob([csv], { type: 'text/csv' }),
      `import-failures-${fileName.replace(/\.[^.]+$/, '')}.csv`,
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Import contacts" size="lg">
      <Stack>
        {stage === 'pick' && (
          <>
            <Dropzone
              onDrop={(files) => files[0] && void start(files[0])}
              onReject={() => setError('Choose a .csv or .xlsx file')}
              accept={ACCEPT}
              multiple={false}
              aria-label="Contacts file: drop a CSV or XLSX here, or press to choose one"
            >
              <Stack align="center" gap={4} py="lg">
                <Text fw={500}>Drop a CSV or XLSX file here, or click to choose one</Text>
                <Text size="sm" c="dimmed">
                  Columns: first name, last name, phone number, and optionally tags and opt-in
                </Text>
              </Stack>
            </Dropzone>
            {error && (
              <Alert color="red" role="alert" title="Not imported">
                {error}
              </Alert>
            )}
          </>
        )}
        {(stage === 'upload' || stage === 'import') && (
          <Stack gap="xs" role="status">
            <Text size="sm">
              {stage === 'upload'
                ? `Uploading ${fileName}… ${progress}%`
                : `Importing ${fileName}: checking every row…`}
            </Text>
            <Progress
              value={stage === 'upload' ? progress : 100}
              animated={stage === 'import'}
              aria-label="Import progress"
            />
          </Stack>
        )}
        {stage === 'done' && report && (
          <Stack>
            <SimpleGrid cols={3}>
              <Stat label="Imported" value={report.imported} />
              <Stat label="Duplicates skipped" value={report.duplicatesSkipped} />
              <Stat label="Failed rows" value={report.failed.length} />
            </SimpleGrid>
            {report.failed.length > 0 && (
              <>
                <ListView<Failure>
                  noun="failed rows"
                  items={report.failed.slice(0, 100)}
                  maxHeight={240}
                  rowKey={(f) => String(f.row)}
                  minWidth={300}
                  columns={[
                    { header: 'Row', cell: (f) => f.row },
                    { header: 'Reason', cell: (f) => f.reason },
                  ]}
                />
                <Button variant="default" onClick={downloadFailures} w="fit-content">
                  Download the failed rows
                </Button>
              </>
            )}
            <Group justify="flex-end">
              <Button onClick={close}>Done</Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} data-testid={`import-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {formatNumber(value)}
      </Text>
    </Stack>
  );
}
