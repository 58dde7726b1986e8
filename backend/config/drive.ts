import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'
import env from '#start/env'

/**
 * The file store of bills of lading, invoices and uploaded proofs of delivery
 * (docs/operations.md, "File store"). `fs` keeps files on local disk (one instance); `s3`
 * writes them to any S3-compatible bucket, which every instance shares. Files are never served
 * by drive itself: the tms download endpoint checks the booking's parties first.
 */

const driveConfig = defineConfig({
  default: env.get('DRIVE_DISK') ?? 'fs',
  // drive.fake() in tests writes here instead of the real disk.
  fakes: { location: app.makePath('tmp/drive-fakes') },
  services: {
    fs: services.fs({
      location: app.makePath(env.get('DRIVE_ROOT') ?? 'storage/files'),
      serveFiles: false,
      visibility: 'private',
    }),
    // Any S3-compatible store (AWS S3, MinIO, R2, Spaces): set DRIVE_DISK=s3 and the S3_* vars.
    s3: services.s3({
      credentials: {
        accessKeyId: env.get('S3_ACCESS_KEY_ID') ?? '',
        secretAccessKey: env.get('S3_SECRET_ACCESS_KEY') ?? '',
      },
      region: env.get('S3_REGION') ?? 'us-east-1',
      bucket: env.get('S3_BUCKET') ?? '',
      endpoint: env.get('S3_ENDPOINT'),
      forcePathStyle: env.get('S3_FORCE_PATH_STYLE') ?? true,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
