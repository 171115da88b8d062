import type { ApiError, CreatedCar } from '@bilmarknaden/shared/api-types';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session-store.ts';

interface UploadInit {
  method: 'POST' | 'PUT';
  url: string;
  body: FormData;
  /** 0…1 while the request body is sent. */
  onProgress?: (fraction: number) => void;
}

const UPLOAD_FAILED = 'Uppladdningen misslyckades. Kontrollera anslutningen och försök igen.';

/** Sends the ad with XMLHttpRequest (fetch reports no upload progress); rejects with ApiRequestError. */
export function uploadAd({ method, url, body, onProgress }: UploadInit): Promise<CreatedCar | undefined> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(payload as CreatedCar | undefined);
        return;
      }
      const err = (payload ?? {}) as Partial<ApiError>;
      const message = xhr.status === 413 ? 'Max 10 MB' : (err.message ?? 'Något gick fel. Försök igen.');
      reject(new ApiRequestError(xhr.status, message, err.field));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, UPLOAD_FAILED));
    xhr.onabort = () => reject(new ApiRequestError(0, UPLOAD_FAILED));
    xhr.send(body);
  });
}
