/** Whether the server offers ID-card / invoice OCR and company lookup (asked once per session). */
import { useQuery } from '@tanstack/react-query';
import { recognitionStatus, type RecognitionStatus } from '../../api/files';
import { queryKeys } from '../../api/queryKeys';

/** The recognition status, or undefined while it loads. */
export function useRecognition(): RecognitionStatus | undefined {
  return useQuery({ queryKey: queryKeys.files.recognition(), queryFn: recognitionStatus, staleTime: Infinity }).data;
}
