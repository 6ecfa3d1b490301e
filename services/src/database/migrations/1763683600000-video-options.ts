import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Each task records its shape and options, the provider model that served it, and its callback token. */
export class VideoOptions1763683600000 implements MigrationInterface {
  name = 'VideoOptions1763683600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('video_tasks', [
      // Existing tasks were all made at the old fixed shape, which is the default.
      new TableColumn({ name: 'aspect_ratio', type: 'varchar', length: '8', default: "'16:9'" }),
      new TableColumn({ name: 'resolution', type: 'varchar', length: '8', default: "'720p'" }),
      new TableColumn({ name: 'negative_prompt', type: 'varchar', length: '500', isNullable: true }),
      new TableColumn({ name: 'last_frame_path', type: 'varchar', length: '300', isNullable: true }),
      new TableColumn({ name: 'last_frame_mime', type: 'varchar', length: '40', isNullable: true }),
      new TableColumn({ name: 'provider_model', type: 'varchar', length: '100', isNullable: true }),
      new TableColumn({ name: 'callback_token', type: 'varchar', length: '64', isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of [
      'callback_token',
      'provider_model',
      'last_frame_mime',
      'last_frame_path',
      'negative_prompt',
      'resolution',
      'aspect_ratio',
    ]) {
      await queryRunner.dropColumn('video_tasks', name);
    }
  }
}
