-- AlterEnum
ALTER TYPE "SchedulerRunStatus" ADD VALUE 'queued';
