import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../lib/api';
import { UploadError } from '../../lib/upload';
import { fieldOfServerError } from './serverErrors';

describe('fieldOfServerError', () => {
  it('puts an identity refusal under its field, worded by its reason', () => {
    expect(fieldOfServerError(new UploadError('VALIDATION_FAILED', 'm', 400, 'idNumber', 'id_checksum'), 'TW')).toEqual({
      field: 'idNumber',
      key: 'verify:problem.idNumber.id_checksum',
    });
    expect(fieldOfServerError(new UploadError('VALIDATION_FAILED', 'm', 400, 'name', 'name_format'), 'CN')).toEqual({
      field: 'name',
      key: 'verify:problem.name.name_format_CN',
    });
    // A reason this app does not know: the server's message, at the field.
    expect(fieldOfServerError(new UploadError('VALIDATION_FAILED', 'm', 400, 'name', 'new_rule'), 'CN')).toEqual({ field: 'name', key: null });
  });

  it('puts an image refusal under its photo', () => {
    expect(fieldOfServerError(new UploadError('KYC_IMAGE_INVALID', 'm', 400, 'back', 'missing'), 'TW')).toEqual({
      field: 'back',
      key: 'verify:image.missing_back',
    });
    expect(fieldOfServerError(new UploadError('KYC_IMAGE_INVALID', 'm', 400, 'front', 'corrupt'), 'TW')).toEqual({
      field: 'front',
      key: 'verify:image.corrupt',
    });
    expect(fieldOfServerError(new UploadError('UPLOAD_TOO_LARGE', 'm', 413, 'front'), 'TW')).toEqual({ field: 'front', key: 'verify:image.too_large' });
  });

  it('puts a number used by another account under the number, in the server words', () => {
    expect(fieldOfServerError(new ApiError('KYC_ID_IN_USE', 'used', 409), 'TW')).toEqual({ field: 'idNumber', key: null });
  });

  it('leaves everything else to the form-wide alert', () => {
    expect(fieldOfServerError(new ApiError('KYC_ALREADY_SUBMITTED', 'm', 409), 'TW')).toBeNull();
    expect(fieldOfServerError(new ApiError('VALIDATION_FAILED', 'm', 400, 'email'), 'TW')).toBeNull();
    expect(fieldOfServerError(new Error('x'), 'TW')).toBeNull();
  });
});
