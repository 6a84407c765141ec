import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { createFileStore } from './create-file-store.js';
import { FILE_STORE, type FileStore } from './file-store.js';
import { S3FileStore } from './s3-file-store.js';
import { setImageThreadNiceness } from './thread-priority.js';
import { UploadsRepository } from './uploads.repository.js';
import { UploadsService } from './uploads.service.js';

/** The file store STORAGE_URL names and the uploads kept in it (verification, deposit slips, support, news). */
@Module({
  providers: [{ provide: FILE_STORE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createFileStore(config) }, UploadsRepository, UploadsService],
  exports: [UploadsService, FILE_STORE],
})
export class UploadsModule implements OnApplicationShutdown {
  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    setImageThreadNiceness(config.IMAGE_THREAD_NICENESS);
  }

  onApplicationShutdown(): void {
    if (this.store instanceof S3FileStore) this.store.close();
  }
}
